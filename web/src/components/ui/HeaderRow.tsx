/** The header row of a plain table: one column header per label, alike. */
export function HeaderRow({ labels, cellClassName }: { labels: readonly string[]; cellClassName: string }) {
  return (
    <tr>
      {labels.map((label) => (
        <th key={label} scope="col" className={cellClassName}>
          {label}
        </th>
      ))}
    </tr>
  );
}
