// Joins compiled ES modules into the body of one plain script, for `bundle.mjs` (the SDK's
// <script> bundle) and `bundle-host-scripts.mjs` (the scripts hosts inject).
//
// The sources import only from each other, by relative path, and keep top-level names unique
// within what one bundle joins, so stripping imports and `export` keywords is enough. What this
// cannot join (a renamed import, a namespace import) is refused rather than joined wrong.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

const relativeImport = /(?:\bfrom|^import) '(\.\.?\/[^']+)'/gm;

/**
 * The modules `entry` needs, dependencies first, each once: paths relative to `root` (the
 * folder tsc compiled into), with `/` separators.
 */
export function moduleOrder(root, entry) {
  const order = [];
  const visit = (file) => {
    if (order.includes(file)) return;
    const source = readFileSync(join(root, file), 'utf8');
    for (const match of source.matchAll(relativeImport)) visit(posix.normalize(posix.join(posix.dirname(file), match[1])));
    order.push(file);
  };
  visit(entry);
  return order;
}

/** A compiled module without its `import` statements and `export` keywords. */
export function stripModule(source, file) {
  const refuse = (statement) => {
    throw new Error(`${file}: this statement cannot be joined by stripping it: ${statement}`);
  };
  for (const [statement] of source.matchAll(/^(?:import [^;]*|export \{[^}]*\}(?: from '[^']*')?);$/gm)) {
    if (/\bas\b|\*/.test(statement.replace(/'[^']*'/g, "''"))) refuse(statement);
  }
  for (const [statement] of source.matchAll(/^export (?:\*|default (?!(?:async function|function|class) )).*$/gm)) refuse(statement);
  const stripped = source
    .replace(/^import [^;]*;\n/gm, '')
    .replace(/^export \{[^}]*\}( from '[^']*')?;\n/gm, '')
    .replace(/^export default (async function|function|class) /gm, '$1 ')
    .replace(/^export (const|let|var|function|async function|class) /gm, '$1 ');
  const left = /^(?:import|export)\b.*$/m.exec(stripped);
  if (left) refuse(left[0]);
  return stripped;
}

/**
 * Drops top-level constants with a literal value that nothing else in `body` names (the wire
 * constants a host script does not use). Only `const NAME = <literal>;` lines at column 0 are
 * candidates, so nothing with side effects or spanning lines is ever removed.
 */
export function dropUnusedConstants(body) {
  const literal = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null`;
  const declaration = new RegExp(`^const ([A-Za-z_$][\\w$]*) = (?:${literal});\\n`, 'gm');
  return body.replace(declaration, (line, name) => {
    const uses = body.split(line).join('').match(new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`));
    return uses ? line : '';
  });
}

/**
 * The body of one script: `entry` and what it imports, from `root`, stripped and joined, each
 * module under a `// path` line.
 */
export function joinModules(root, entry) {
  const modules = moduleOrder(root, entry).map((file) => ({ file, body: stripModule(readFileSync(join(root, file), 'utf8'), file) }));
  refuseSharedNames(modules);
  return modules.map(({ file, body }) => `// ${file}\n${body}`).join('\n');
}

/**
 * Refuses two modules declaring the same top-level name: joined into one scope, a second
 * `function` would silently replace the first. tsc's emit helpers (`var __name = (this && …`),
 * the same in every module, are exempt.
 */
export function refuseSharedNames(modules) {
  const declared = new Map();
  for (const { file, body } of modules) {
    for (const [, name] of body.matchAll(/^(?:async function\*? |function\*? |class |const |let |var )([A-Za-z_$][\w$]*)/gm)) {
      if (name.startsWith('__')) continue;
      if (declared.has(name)) throw new Error(`${file} and ${declared.get(name)} both declare ${name}: rename one, they are joined into one scope`);
      declared.set(name, file);
    }
  }
}
