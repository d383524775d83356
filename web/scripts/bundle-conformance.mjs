// Builds the conformance kit's pages (conformance/*.ts) into <output folder>/conformance/:
//   kit.js      the kit, with the SDK inside: runs every check and reports
//   frame.js    the probe a cross-origin sub-frame runs
//   index.html, frame.html   the pages that load them (from conformance/ in web/)
//
// Usage: node scripts/bundle-conformance.mjs <compiled folder> <output folder>
// (build.sh passes dist/esm, where tsc compiled src/ and conformance/, and dist)
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinModules } from './bundle-modules.mjs';

const web = dirname(dirname(fileURLToPath(import.meta.url)));
const [compiled, out] = process.argv.slice(2);
const folder = join(out, 'conformance');
mkdirSync(folder, { recursive: true });
for (const [entry, script] of [['conformance/kit-main.js', 'kit.js'], ['conformance/frame-main.js', 'frame.js']]) {
  writeFileSync(join(folder, script), `(function () {\n'use strict';\n${joinModules(compiled, entry)}\n})();\n`);
}
for (const page of ['index.html', 'frame.html']) copyFileSync(join(web, 'conformance', page), join(folder, page));
