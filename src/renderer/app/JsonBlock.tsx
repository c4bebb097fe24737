/** A JSON document as the inspector shows payloads: pretty-printed, monospace, selectable. */
export function JsonBlock({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre className="json-block" data-testid={testId}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
