/**
 * One field of a JSON text that should hold an object (a stored seat, a log line), unknown until
 * the caller checks it; undefined when the text holds no object.
 */
export function jsonField(text: string, key: string): unknown {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Reflect.get(value, key) : undefined;
}
