/** A spreadsheet's first sheet as a table; its first row is taken as the column headings. */
export function SpecsTable({ rows, caption }: { rows: string[][]; caption: string }) {
  const [head, ...body] = rows;
  if (!head) return null;
  const width = Math.max(...rows.map((row) => row.length));
  const pad = (row: string[]) => [...row, ...Array<string>(Math.max(0, width - row.length)).fill("")];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {pad(head).map((cell, index) => (
              <th key={index} scope="col" className="px-3 py-2 text-left font-semibold text-slate-900">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {body.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {pad(row).map((cell, index) => (
                <td key={index} className="px-3 py-2 align-top text-slate-700">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
