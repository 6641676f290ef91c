// Keeps docs/decisions/README.md current: every ADR file (NNNN-*.md) must be linked from the
// index, and every relative link of the index must point at a file that exists. An index line that
// says **Folded into performance.md** needs docs/performance.md to name that ADR; one that says
// **Withdrawn** needs the ADR's own `Status:` line to say withdrawn (or rejected).
// Plain Node, no dependencies: `node scripts/check-adr-index.mjs`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const decisions = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexFile = path.join(decisions, 'README.md');
const ADR_FILE = /^\d{4}-.+\.md$/;

const adrs = readdirSync(decisions)
  .filter((name) => ADR_FILE.test(name))
  .sort();

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

// Each index entry with the status its line gives: `- [NNNN](file) — **Status…**`.
const performanceFile = path.join(decisions, '..', 'performance.md');
const performance = existsSync(performanceFile) ? readFileSync(performanceFile, 'utf8') : '';
const entries = [...prose.matchAll(/^- \[(\d{4})\]\(([^)\s]+)\) — (.*)$/gm)].map(([, number, file, rest]) => ({ number, file, rest }));
const foldedNotNamed = entries
  .filter((entry) => entry.rest.startsWith('**Folded into [performance.md]'))
  .filter((entry) => !new RegExp(`\\b${entry.number}\\b`).test(performance))
  .map((entry) => entry.number);
const withdrawnStillInForce = entries
  .filter((entry) => entry.rest.startsWith('**Withdrawn**'))
  .filter((entry) => {
    const adr = path.join(decisions, entry.file);
    const status = existsSync(adr) ? (readFileSync(adr, 'utf8').match(/^Status:.*$/m)?.[0] ?? '') : '';
    return !/withdrawn|rejected/i.test(status);
  })
  .map((entry) => entry.number);

if (!existsSync(indexFile)) {
  console.error('Falta docs/decisions/README.md, el índice de las decisiones (ADR).');
  process.exit(1);
}
if (notIndexed.length > 0 || broken.length > 0 || foldedNotNamed.length > 0 || withdrawnStillInForce.length > 0) {
  const lines = ['El índice de ADR (docs/decisions/README.md) no está al día.'];
  if (notIndexed.length > 0) {
    lines.push('ADR sin enlace en el índice (añade una línea con la decisión):');
    for (const name of notIndexed) lines.push(`  - docs/decisions/${name}`);
  }
  if (broken.length > 0) {
    lines.push('Enlaces del índice a archivos que no existen:');
    for (const target of broken) lines.push(`  - ${target}`);
  }
  if (foldedNotNamed.length > 0) {
    lines.push('ADR marcados «Folded into performance.md» que docs/performance.md no nombra (añade la línea de lo que movió):');
    for (const number of foldedNotNamed) lines.push(`  - ${number}`);
  }
  if (withdrawnStillInForce.length > 0) {
    lines.push('ADR marcados «Withdrawn» cuyo «Status:» no dice withdrawn ni rejected:');
    for (const number of withdrawnStillInForce) lines.push(`  - ${number}`);
  }
  console.error(lines.join('\n'));
  process.exit(1);
}
const folded = entries.filter((entry) => entry.rest.startsWith('**Folded into')).length;
console.log(`Índice de ADR al día: ${adrs.length} decisiones (${folded} incorporadas a performance.md).`);
