/**
 * Refuses a message the engine could not structured-clone, at once (W5): engines can leave such
 * a promise pending forever. Accepted: JSON-like data (null, booleans, numbers, strings, plain
 * arrays and plain objects; `undefined` members, which the clone drops).
 */
export function assertCloneable(value: unknown): void {
  const problem = findProblem(value, new Set(), '$');
  if (problem) throw new TypeError(`The message cannot be sent: ${problem}`);
}

function findProblem(value: unknown, ancestors: Set<object>, path: string): string | undefined {
  switch (typeof value) {
    case 'undefined':
    case 'boolean':
    case 'number':
    case 'string':
      return undefined;
    case 'function':
      return `${path} is a function`;
    case 'symbol':
      return `${path} is a symbol`;
    case 'bigint':
      return `${path} is a bigint`;
  }
  if (value === null) return undefined;
  const object = value as object;
  if (ancestors.has(object)) return `${path} refers back to itself`;
  const isArray = Array.isArray(object);
  const prototype = Object.getPrototypeOf(object);
  if (!isArray && prototype !== Object.prototype && prototype !== null) {
    return `${path} is a ${prototype?.constructor?.name ?? 'non-plain'} object`;
  }
  ancestors.add(object);
  for (const key of Object.keys(object)) {
    const problem = findProblem((object as Record<string, unknown>)[key], ancestors, isArray ? `${path}[${key}]` : `${path}.${key}`);
    if (problem) return problem;
  }
  ancestors.delete(object);
  return undefined;
}
