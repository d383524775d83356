// Writes the Kotlin blocks of the Android docs as source files, so android/scripts/test.sh compiles
// them with the glue against the emulation of Android's API: the docs' Kotlin cannot drift from the
// glue, and uses nothing Android lacks. Each document's blocks are files of one compilation (each
// block starts with its own imports); what a document assumes and never shows (the app's session,
// its analytics) is in docs/snippets/<document>.prelude.kt.
//
// ConformanceKit.md's instrumentation test is left out: it needs androidx.test, which the emulation does not offer.
//
// Usage: node android/scripts/doc-snippets.mjs <output directory>
import { existsSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const documents = { 'TodayBridge.docc-AndroidIntegration': 'Sources/TodayBridge/TodayBridge.docc/AndroidIntegration.md' };
const output = process.argv[2];
mkdirSync(output, { recursive: true });

for (const [name, path] of Object.entries(documents)) {
  const lines = readFileSync(join(root, path), 'utf8').split('\n');
  let count = 0;
  for (let index = 0; index < lines.length; index++) {
    if (lines[index].trim() !== '```kotlin') continue;
    let end = index + 1;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    count++;
    // A comment naming the document's line, so a compiler error points at the docs.
    writeFileSync(join(output, `${name}-${count}.kt`), `// ${path}:${index + 2}\n` + lines.slice(index + 1, end).join('\n') + '\n');
    index = end;
  }
  if (count === 0) throw new Error(`${path} has no Kotlin block`);
  const prelude = join(root, 'docs', 'snippets', `${name}.prelude.kt`);
  if (existsSync(prelude)) copyFileSync(prelude, join(output, `${name}.prelude.kt`));
}
