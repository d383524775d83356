#!/usr/bin/env python3
"""Checks the links of the repository's Markdown files; exits 1 when one is broken.

- A relative link or reference definition must name a file or directory in the repository,
  without leaving it; a `#fragment` on a Markdown file must name one of its headings (GitHub's
  anchors: lowercase, punctuation dropped, spaces as dashes).
- In a DocC catalog, `<doc:Article>` and `<doc:Article#Heading>` must name an article of the
  catalog and one of its headings (DocC's anchors: spaces as dashes). Symbol links are DocC's to check.
- A reference `[text][label]`, or a rule id used as one (`[C5]`), must have its definition.
- Nothing may point at the shared folder outside the repository (`shared/`).

Usage: scripts/check-doc-links.py [files...]   (default: every tracked *.md file)
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INLINE = re.compile(r'(?<!\!)\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)')
IMAGE = re.compile(r'!\[[^\]]*\]\(\s*<?([^)\s>]+)>?\s*\)')
DEFINITION = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$', re.M)
DOC = re.compile(r'<doc:([^>#]*)(?:#([^>]*))?>')
FENCE = re.compile(r'^(```|~~~).*?^\1', re.M | re.S)
CODE_SPAN = re.compile(r'(`+)(?!`).*?(?<!`)\1(?!`)', re.S)
HEADING = re.compile(r'^#{1,6}\s+(.*?)\s*#*\s*$', re.M)


def prose(text):
    """The text without fenced code blocks and code spans, whose brackets are not links."""
    text = FENCE.sub('', text)
    return CODE_SPAN.sub('code', text)


def headings(path):
    return [m.group(1) for m in HEADING.finditer(FENCE.sub('', path.read_text(encoding='utf-8')))]


def github_anchor(heading):
    heading = re.sub(r'`|\*|_(?=\w)|(?<=\w)_|\[|\]\([^)]*\)|<[^>]*>', '', heading)
    return re.sub(r'[^\w\- ]', '', heading.strip().lower()).replace(' ', '-')


def docc_anchors(heading):
    dashed = re.sub(r'\s+', '-', heading.strip())
    return {dashed, re.sub(r'[^\w\-]', '', dashed)}


def check(path, problems):
    text = path.read_text(encoding='utf-8')
    where = path.relative_to(ROOT)
    if 'shared/' in text:
        problems.append(f'{where}: mentions shared/, which a clone does not have')
    body = prose(text)
    targets = [m.group(1) for pattern in (INLINE, IMAGE, DEFINITION) for m in pattern.finditer(body)]
    for target in targets:
        if re.match(r'[a-z][a-z0-9+.-]*:', target, re.I) or target.startswith('//'):
            continue  # a URL, mailto:, doc: ...
        file_part, _, fragment = target.partition('#')
        destination = (path.parent / file_part).resolve() if file_part else path.resolve()
        if ROOT not in destination.parents and destination != ROOT:
            problems.append(f'{where}: {target} leaves the repository')
            continue
        if not destination.exists():
            problems.append(f'{where}: {target} does not exist')
            continue
        if fragment and destination.suffix == '.md':
            if fragment not in {github_anchor(h) for h in headings(destination)}:
                problems.append(f'{where}: {target} names no heading of {destination.relative_to(ROOT)}')
    defined = {m.group(1).lower() for m in re.finditer(r'^\s{0,3}\[([^\]]+)\]:', body, re.M)}
    used = [m.group(1) for m in re.finditer(r'\]\[([^\]]+)\]', body)]
    used += [m.group(1) for m in re.finditer(r'(?<![\]\\])\[([A-Z][0-9]+)\](?![(:\[])', body)]
    for label in used:
        if label.lower() not in defined:
            problems.append(f'{where}: [{label}] is used but not defined')
    catalog = next((parent for parent in path.parents if parent.suffix == '.docc'), None)
    for m in DOC.finditer(body):
        name, fragment = m.group(1), m.group(2)
        if catalog is None:
            problems.append(f'{where}: {m.group(0)} outside a DocC catalog')
            continue
        article = catalog / f'{name}.md' if name else path
        if not article.exists():
            continue  # a symbol path; DocC resolves those
        if fragment and not any(fragment.lstrip('#') in docc_anchors(h) for h in headings(article)):
            problems.append(f'{where}: {m.group(0)} names no heading of {article.name}')


def main(arguments):
    if arguments:
        files = [Path(name).resolve() for name in arguments]
    else:
        listed = subprocess.run(['git', 'ls-files', '*.md'], cwd=ROOT, capture_output=True, text=True, check=True)
        files = [ROOT / name for name in listed.stdout.split()]
    problems = []
    for path in files:
        check(path, problems)
    for problem in problems:
        print(problem)
    print(f'{len(files)} files, {len(problems)} broken links' if problems else f'{len(files)} files, all links resolve')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
