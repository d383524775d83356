// Joins the compiled ES modules into one script for a plain <script> tag: `window.TodayBridge`
// exposes what index.js exports. The sources keep top-level names unique, and import only
// from each other, so stripping imports and `export` keywords is enough.
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';

const [compiled, out] = process.argv.slice(2);
const order = [];
const visit = (file) => {
  if (order.includes(file)) return;
  const source = readFileSync(join(compiled, file), 'utf8');
  for (const match of source.matchAll(/from '\.\/([\w.-]+\.js)'/g)) visit(match[1]);
  order.push(file);
};
visit('index.js');

const strip = (source) =>
  source
    .replace(/^import [^;]*;\n/gm, '')
    .replace(/^export \{[^}]*\}( from '[^']*')?;\n/gm, '')
    .replace(/^export (const|function|class|let|async function) /gm, '$1 ');

const body = order.map((file) => `// ${file}\n${strip(readFileSync(join(compiled, file), 'utf8'))}`).join('\n');
const api = 'TodayBridge, BridgeError, createBridgeFetch, bridge, bridgeFetch';
writeFileSync(join(out, 'today-bridge.js'), `(function () {\n'use strict';\n${body}\nwindow.TodayBridge = Object.freeze({ ${api} });\n})();\n`);
copyFileSync(join(compiled, 'android-shim.js'), join(out, 'android-shim.js'));
