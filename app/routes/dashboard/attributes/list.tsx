import { Card, TextLink } from "#app/components/ui";
import type { PageHandle } from "#app/domain/live";
import { DASHBOARD_NEW_ATTRIBUTE_PATH, dashboardAttributePath } from "#app/domain/dashboard-paths";
import { attributeKind, type SpecAttribute } from "#app/domain/spec-attributes";
import { servicesContext } from "#app/server/runtime/context.server";
import { dashboardMeta } from "../meta";
import type { Route } from "./+types/list";

export const handle: PageHandle = { live: ["attributes"] };

export const meta = () => dashboardMeta("Specification attributes");

export async function loader({ context }: Route.LoaderArgs) {
  return { attributes: await context.get(servicesContext).attributeAdmin.listAttributes() };
}

/** The attributes in their groups, as they come (the service sorts them). */
function grouped(attributes: SpecAttribute[]): [string, SpecAttribute[]][] {
  const groups: [string, SpecAttribute[]][] = [];
  for (const attribute of attributes) {
    const last = groups.at(-1);
    if (last && last[0].toLowerCase() === attribute.group.toLowerCase()) last[1].push(attribute);
    else groups.push([attribute.group, [attribute]]);
  }
  return groups;
}

/**
 * The library of specification attributes: what products' typed values are of (resolution, focal
 * length, IR range). Categories choose theirs from it.
 */
export default function AttributesList({ loaderData }: Route.ComponentProps) {
  const { attributes } = loaderData;
  return (
    <Card title="Specification attributes">
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Typed specifications (a number with its unit, a range, a choice, yes/no or a text) that products can be
          filtered, compared and computed with.
        </p>
        <p>
          <TextLink to={DASHBOARD_NEW_ATTRIBUTE_PATH} weight="semibold">
            New attribute
          </TextLink>
        </p>
        {attributes.length === 0 ? (
          <p className="text-slate-700">No specification attributes yet.</p>
        ) : (
          grouped(attributes).map(([group, members]) => (
            <section key={group || "none"} aria-labelledby={`group-${group || "none"}`} className="space-y-2">
              <h2 id={`group-${group || "none"}`} className="text-base font-semibold text-slate-900">
                {group || "No group"}
              </h2>
              <ul className="divide-y divide-slate-200">
                {members.map((attribute) => (
                  <li key={attribute.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                    <TextLink to={dashboardAttributePath(attribute.id)} underline="hover" weight="medium">
                      {attribute.name}
                    </TextLink>
                    <span className="min-w-0 text-sm text-slate-600 wrap-anywhere">{attributeKind(attribute)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </Card>
  );
}
