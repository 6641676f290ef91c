// Keeps docs/decisions/README.md current: every ADR file (NNNN-*.md) must be linked from the
// index, and every relative link of the index must point at a file that exists.
// Plain Node, no dependencies: `node scripts/check-adr-index.mjs`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const decisions = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexFile = path.join(decisions, 'README.md');
const ADR_FILE = /^\d{4}-.+\.md$/;

const adrs = readdirSync(decisions).filter((name) => ADR_FILE.test(name)).sort();

// Links inside HTML comments, fenced code blocks and inline code are examples, not entries.
const text = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : '';
const prose = text
  .replace(/<!--[\s\S]*?-->/g, '')
  .replace(/^```[\s\S]*?^```/gm, '')
  .replace(/`[^`\n]*`/g, '');

const targets = [];
for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
  const target = match[1];
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
  targets.push(decodeURIComponent(target.split('#')[0]));
}

const linked = new Set(targets.map((target) => path.normalize(path.join(decisions, target))));
const notIndexed = adrs.filter((name) => !linked.has(path.join(decisions, name)));
const broken = [...new Set(targets)].filter((target) => !existsSync(path.join(decisions, target)));

if (!existsSync(indexFile)) {
  console.error('Falta docs/decisions/README.md, el índice de las decisiones (ADR).');
  process.exit(1);
}
if (notIndexed.length > 0 || broken.length > 0) {
  const lines = ['El índice de ADR (docs/decisions/README.md) no está al día.'];
  if (notIndexed.length > 0) {
    lines.push('ADR sin enlace en el índice (añade una línea con la decisión):');
    for (const name of notIndexed) lines.push(`  - docs/decisions/${name}`);
  }
  if (broken.length > 0) {
    lines.push('Enlaces del índice a archivos que no existen:');
    for (const target of broken) lines.push(`  - ${target}`);
  }
  console.error(lines.join('\n'));
  process.exit(1);
}
console.log(`Índice de ADR al día: ${adrs.length} decisiones.`);
