import assert from 'node:assert/strict';
import test from 'node:test';

/** web/scripts/host-scripts.mjs, which embeds the built host scripts into Swift. */
const generator = () => import(new URL('../../../scripts/host-scripts.mjs', import.meta.url).href) as Promise<any>;

test('X6 a configuration type names its Swift member: the type without `Configuration`, first letter lowercased', async () => {
  const { memberName } = await generator();
  assert.deepEqual(
    ['PlatformTagConfiguration', 'PageEventConfiguration', 'WebKitGTKChannelConfiguration', 'ChromiumWebViewConfiguration', 'ChromiumWebMessageReplyConfiguration'].map(memberName),
    ['platformTag', 'pageEvent', 'webKitGTKChannel', 'chromiumWebView', 'chromiumWebMessageReply'],
  );
});

test('X6 the raw string delimiter outnumbers every run of # after a quote or backslash in the source', async () => {
  const { rawDelimiter, renderEntry } = await generator();
  assert.equal(rawDelimiter('(function () {})'), '#');
  assert.equal(rawDelimiter('a = "#"; b = "x"'), '##');
  assert.equal(rawDelimiter('s = "\\\\##(x)"'), '###');
  assert.equal(rawDelimiter('"""####'), '#####');
  const source = '(function (configuration) {\nreturn "\\"""#\\#(x)";\n})';
  assert.equal(
    renderEntry('host/x.ts', 'XConfiguration', source),
    'extension HostScript where Configuration == XConfiguration {\n' +
      '    /// Built from `web/src/host/x.ts`.\n' +
      `    package static let x = HostScript(source: ##"""\n${source}\n"""##)\n` +
      '}',
  );
});

test('X6 an entry\'s doc comment documents its Swift member, at the access level its folder is embedded with', async () => {
  const { entryDoc, renderEntry } = await generator();
  const entry = '/** The parts of `window` it uses. */\nexport interface W {}\n\n/**\n * Does one thing (C7).\n *\n * Details.\n */\nexport default function x(window: W, configuration: XConfiguration): void {}\n';
  assert.deepEqual(entryDoc(entry), ['Does one thing (C7).', '', 'Details.']);
  assert.deepEqual(entryDoc('export default function x(window: W, configuration: XConfiguration): void {}\n'), []);
  assert.equal(
    renderEntry('host/x.ts', 'XConfiguration', '(function () {})', { access: 'public', doc: entryDoc(entry) }),
    'extension HostScript where Configuration == XConfiguration {\n' +
      '    /// Does one thing (C7).\n    ///\n    /// Details.\n    ///\n' +
      '    /// Built from `web/src/host/x.ts`.\n' +
      '    public static let x = HostScript(source: #"""\n(function () {})\n"""#)\n' +
      '}',
  );
});
