/**
 * An e-mail address as a `mailto:` link that a narrow column breaks before its `@`, never inside a
 * word: `procurement` / `@cloudwing.example` rather than `procurement@cloudwing.exa` / `mple`; the
 * `@` begins the line, so the address reads as one that goes on.
 */
export default function EmailAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  return (
    <a href={`mailto:${address}`}>
      {at < 0 ? (
        address
      ) : (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      )}
    </a>
  );
}
