import type { LanguageAttributes } from "#app/domain/languages";
import type { SpecificationGroup } from "#app/domain/spec-attributes";

/**
 * A product's typed specifications (decision 070): one table, a row group per attribute group with
 * its name as the group's header, each row the attribute's name and its value with units. The names,
 * and the values written as the record says them, are marked with `content`'s language; the caption,
 * and values written in the page's language (numbers, Yes and No), are the page's.
 */
export function TypedSpecsTable({
  groups,
  caption,
  content,
}: {
  groups: SpecificationGroup[];
  caption: string;
  content: LanguageAttributes | undefined;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        {groups.map(({ group, rows }) => (
          <tbody key={group || "none"} className="border-t border-slate-200 first:border-t-0">
            {group ? (
              <tr>
                <th
                  scope="rowgroup"
                  colSpan={2}
                  className="pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                  {...content}
                >
                  {group}
                </th>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.name} className="border-t border-slate-100 first:border-t-0">
                <th scope="row" className="w-2/5 py-2 pr-4 align-top font-medium text-slate-700" {...content}>
                  {row.name}
                </th>
                <td className="py-2 align-top text-slate-900" {...(row.inPageLanguage ? undefined : content)}>
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
