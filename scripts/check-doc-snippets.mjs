// Type-checks every Swift and TypeScript code block of the README and the DocC articles, so the
// docs cannot drift from the code (`make doc-snippets`, part of `make test`).
//
// Each document's blocks, in order, form one program: Swift blocks are type-checked together as
// a `main.swift` against the package's built modules (`.build/debug/Modules`); TypeScript blocks
// together as one module against the web SDK's sources (`@today/webview-bridge` and its
// `/testing` entry). What a document assumes and never shows (the app's own keychain, API client,
// store) is declared in `docs/snippets/<document>.prelude.swift` or `.prelude.ts`; the generated
// TypeScript files the docs import (`./app-bridge.generated.js`) are `docs/snippets/*.generated.ts`,
// copied beside every page; `GeneratedTypeScript` renders them from the declarations the docs show
// (`DocSnippetTypesTests` fails when one is stale). On Linux,
// `import WebKit` is the adapter's WebKit mirror (Tests/WebKitMirror); frameworks with no mirror
// (UIKit) belong in prose, not in code blocks.
//
// Usage: node scripts/check-doc-snippets.mjs   (from anywhere; after `swift build` and the web build)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = join(root, '.build-snippets');
const preludes = join(root, 'docs', 'snippets');

/** The documents whose code blocks must compile. */
function documents() {
  const found = [join(root, 'README.md'), join(root, 'web', 'README.md')];
  for (const sources of ['Sources', join('android', 'Sources')]) {
    for (const target of readdirSync(join(root, sources))) {
      for (const entry of readdirSync(join(root, sources, target))) {
        if (!entry.endsWith('.docc')) continue;
        const catalog = join(root, sources, target, entry);
        for (const file of readdirSync(catalog)) if (file.endsWith('.md')) found.push(join(catalog, file));
      }
    }
  }
  return found;
}

/** The fenced blocks of `text` in one of `languages`, with the line each starts on. */
function blocks(text, languages) {
  const found = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const opening = /^```(\w+)\s*$/.exec(lines[index]);
    if (!opening || !languages.includes(opening[1])) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !lines[end].startsWith('```')) end++;
    found.push({ line: start + 1, code: lines.slice(start, end).join('\n') });
    index = end;
  }
  return found;
}

/** A name for a document's scratch files: `README`, `TodayBridge.docc-Contract`, `web-README`. */
function nameOf(path) {
  const relativePath = relative(root, path);
  if (relativePath === 'README.md') return 'README';
  if (relativePath === join('web', 'README.md')) return 'web-README';
  return `${basename(dirname(path))}-${basename(path, '.md')}`;
}

function prelude(name, extension) {
  const path = join(preludes, `${name}.prelude.${extension}`);
  return existsSync(path) ? path : undefined;
}

function run(command, args) {
  try {
    execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    return undefined;
  } catch (error) {
    return `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || String(error);
  }
}

const swiftToolchain = dirname(dirname(execFileSync('/bin/sh', ['-c', 'command -v swiftc'], { encoding: 'utf8' }).trim()));

/**
 * The package's system libraries, as SwiftPM hands them to an app: WebKitGTK's C module (which
 * `TodayBridgeGTK` exports) with its headers, and zlib's (which `TodayBridgePostHog` imports).
 */
const systemLibraryModules = [
  `-fmodule-map-file=${join(root, 'Sources', 'CWebKitGTK', 'module.modulemap')}`,
  `-fmodule-map-file=${join(root, 'Sources', 'CZlib', 'module.modulemap')}`,
  ...execFileSync('pkg-config', ['--cflags-only-I', 'webkitgtk-6.0'], { encoding: 'utf8' }).trim().split(/\s+/),
].flatMap((flag) => ['-Xcc', flag]);

function typeCheckSwift(sources) {
  return run('swiftc', [
    '-typecheck', '-swift-version', '6', '-module-name', 'Snippets',
    '-I', join(root, '.build', 'debug', 'Modules'), ...systemLibraryModules,
    '-plugin-path', join(swiftToolchain, 'lib', 'swift', 'host', 'plugins', 'testing'),
    '-plugin-path', join(swiftToolchain, 'lib', 'swift', 'host', 'plugins'),
    ...sources,
  ]);
}

function checkSwift(document, name, found) {
  const directory = join(scratch, 'swift', name);
  mkdirSync(directory, { recursive: true });
  const imports = new Set();
  const body = [];
  for (const block of found) {
    body.push(`// ${relative(root, document)}:${block.line}`);
    for (const line of block.code.split('\n')) {
      if (/^import \w+$/.test(line.trim())) imports.add(line.trim());
      else body.push(line);
    }
  }
  const main = join(directory, 'main.swift');
  writeFileSync(main, [...imports, '', ...body, ''].join('\n'));
  const stubs = prelude(name, 'swift');
  // `main.swift`: top-level statements and declarations, as a document reads.
  return typeCheckSwift(stubs ? [main, stubs] : [main]);
}

function checkTypeScript(document, name, found) {
  const directory = join(scratch, 'ts', name);
  mkdirSync(directory, { recursive: true });
  const imports = [];
  const body = [];
  for (const block of found) {
    body.push(`// ${relative(root, document)}:${block.line}`);
    for (const line of block.code.split('\n')) (/^import /.test(line) ? imports : body).push(line);
  }
  const stubs = prelude(name, 'ts');
  const page = join(directory, 'page.ts');
  const stubImport = stubs ? [`import './prelude.js';`] : [];
  if (stubs) writeFileSync(join(directory, 'prelude.ts'), readFileSync(stubs, 'utf8'));
  for (const file of readdirSync(preludes).filter((name) => name.endsWith('.generated.ts'))) {
    writeFileSync(join(directory, file), readFileSync(join(preludes, file), 'utf8'));
  }
  writeFileSync(page, [...imports, ...stubImport, '', '(async () => {', ...body, '})();', 'export {};', ''].join('\n'));
  writeFileSync(join(directory, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2020', module: 'ES2020', moduleResolution: 'node', lib: ['ES2020', 'DOM'], strict: true, noEmit: true,
      baseUrl: '.', skipLibCheck: true,
      paths: {
        '@today/webview-bridge': [relative(directory, join(root, 'web', 'src', 'index.ts'))],
        '@today/webview-bridge/testing': [relative(directory, join(root, 'web', 'src', 'testing.ts'))],
      },
    },
    files: [stubs ? 'prelude.ts' : undefined, 'page.ts'].filter(Boolean),
  }, null, 2));
  return run('tsc', ['-p', join(directory, 'tsconfig.json')]);
}

rmSync(scratch, { recursive: true, force: true });
let failures = 0;
let checked = 0;
for (const document of documents()) {
  const text = readFileSync(document, 'utf8');
  const name = nameOf(document);
  const swift = blocks(text, ['swift']);
  const typeScript = blocks(text, ['ts', 'typescript']);
  for (const [language, found, check] of [['Swift', swift, checkSwift], ['TypeScript', typeScript, checkTypeScript]]) {
    if (found.length === 0) continue;
    checked += found.length;
    const problem = check(document, name, found);
    if (problem) {
      failures++;
      console.error(`${relative(root, document)}: its ${language} blocks do not compile:\n${problem}\n`);
    }
  }
}
if (failures > 0) {
  console.error(`${failures} document(s) with code that does not compile (scratch files in .build-snippets/)`);
  process.exit(1);
}
console.log(`doc snippets: ${checked} code blocks compile`);
