/**
 * A JSON document as the inspector shows payloads: pretty-printed, monospace, selectable;
 * a tab stop, so a keyboard can scroll a long one.
 */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="json-block" data-testid={testId} tabIndex={0}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
