/**
 * An e-mail address as a `mailto:` link that a narrow column breaks after its `@`, never inside a
 * word: `procurement@` / `cloudwing.example` rather than `procurement@cloudwing.exa` / `mple`.
 */
export default function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  return (
    <a href={`mailto:${address}`}>
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at + 1)}
          <wbr />
          {address.slice(at + 1)}
        </>
      )}
    </a>
  );
}
