// Keeps docs/architecture.md's map of the code true to the tree: every folder its folder map names
// exists, is named once, and every folder of backend/src, frontend/src, their modules, features,
// infrastructure and shared parts, and of docs/ is named; the rules are split into business and
// machine rules, and every file a rule names exists.
// Plain Node, no dependencies: `node scripts/check-docs-map.mjs`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const architectureFile = process.argv[2] ?? path.join(root, 'docs', 'architecture.md');
const text = readFileSync(architectureFile, 'utf8');
const problems = [];

const folders = (relative) =>
  readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// ── the folder map ──────────────────────────────────────────────────────────────
const map = text.match(/^## Folder map\s*\n+```\n([\s\S]*?)^```/m)?.[1];
if (!map) problems.push('No encuentro el mapa de carpetas (## Folder map y su bloque de código).');

/** Entries of the map: `{ path, description }`; an indented entry belongs to the last unindented one. */
const entries = [];
let parent = '';
for (const line of (map ?? '').split('\n')) {
  const entry = line.match(/^( {0,2})(\S+)(?:\s{2,}(.*))?$/);
  if (entry && /[./]/.test(entry[2])) {
    const own = entry[1] ? parent + entry[2] : entry[2];
    if (!entry[1]) parent = entry[2];
    entries.push({ path: own, description: entry[3] ?? '' });
  } else if (line.trim() && entries.length > 0) {
    entries.at(-1).description += ` ${line.trim()}`;
  }
}

const seen = new Set();
for (const { path: named } of entries) {
  if (seen.has(named)) problems.push(`El mapa nombra ${named} más de una vez.`);
  seen.add(named);
  if (!existsSync(path.join(root, named))) problems.push(`El mapa nombra ${named}, que no existe.`);
}

/** The names a description lists: comma-separated, parentheses and a leading "label:" left out. */
function listed(description) {
  let flat = description;
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, '');
  return flat
    .replace(/^[^,]*?:\s/, '')
    .split(',')
    .map((name) => name.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

function sameNames(label, names, actual) {
  for (const name of actual) if (!names.includes(name)) problems.push(`${label}: falta ${name} en el mapa.`);
  for (const name of names) if (!actual.includes(name)) problems.push(`${label}: el mapa nombra ${name}, que no es una carpeta.`);
}

const described = (named) => entries.find((entry) => entry.path === named)?.description ?? '';
for (const folder of ['backend/src/', 'frontend/src/']) {
  for (const name of folders(folder)) {
    if (!seen.has(`${folder}${name}/`)) problems.push(`${folder}${name}/ no está en el mapa de carpetas.`);
  }
}
for (const top of folders('.').filter((name) => !name.startsWith('.') && name !== 'node_modules')) {
  if (![...seen].some((named) => named.startsWith(`${top}/`))) problems.push(`${top}/ no está en el mapa de carpetas.`);
}
sameNames('Módulos del backend (backend/src/modules/)', listed(described('backend/src/modules/')), folders('backend/src/modules'));
sameNames('Features del SPA (frontend/src/features/)', listed(described('frontend/src/features/')), folders('frontend/src/features'));
sameNames('Partes compartidas del SPA (frontend/src/shared/)', listed(described('frontend/src/shared/')), folders('frontend/src/shared'));
const infrastructure = listed(described('backend/src/infrastructure/'));
for (const name of folders('backend/src/infrastructure')) {
  if (!infrastructure.includes(name)) problems.push(`backend/src/infrastructure/${name}/ no está en el mapa de carpetas.`);
}
for (const name of infrastructure) {
  const there = readdirSync(path.join(root, 'backend/src/infrastructure')).some((file) => file === name || file.startsWith(`${name}.`));
  if (!there) problems.push(`El mapa nombra backend/src/infrastructure/${name}, que no existe.`);
}
const docs = listed(described('docs/')).map((name) => name.replace(/ .*$/, ''));
for (const file of readdirSync(path.join(root, 'docs'))) {
  const name = file.replace(/\.md$/, '').replace(/\.json$/, '');
  if (file === 'architecture.md' || file === 'openapi.json') continue;
  if (!docs.includes(name) && !docs.includes(file)) problems.push(`docs/${file} no está en el mapa de carpetas.`);
}

// ── the rules ───────────────────────────────────────────────────────────────────
const rules = text.match(/^## Where each rule lives\n([\s\S]*?)(?=^## )/m)?.[1] ?? '';
for (const heading of ['### Business rules', '### Machine rules']) {
  if (!rules.includes(`${heading}\n`)) problems.push(`Falta «${heading}» bajo «## Where each rule lives».`);
}

/** Every file and folder of the repository, as paths from its root (no dependencies, builds or data). */
function walk(relative, into) {
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    if (['node_modules', 'dist', '.git', '.data', '.bench', 'test-results', 'playwright-report'].includes(entry.name)) continue;
    const own = relative ? `${relative}/${entry.name}` : entry.name;
    into.push(entry.isDirectory() ? `${own}/` : own);
    if (entry.isDirectory()) walk(own, into);
  }
  return into;
}
const tree = walk('', []);
const FILE = /^[\w@.[\]-]+(?:\/[\w@.[\]-]+)*(?:\.(?:ts|tsx|mjs|cjs|js|json|md|css|yml)|\/)$/;
let cited = 0;
for (const row of rules.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| rule |'))) {
  for (const [, token] of row.matchAll(/`([^`]+)`/g)) {
    if (!FILE.test(token)) continue;
    cited += 1;
    const found = tree.some((file) => file === token || file.endsWith(`/${token}`));
    if (!found) problems.push(`Una regla nombra ${token}, que no existe.`);
  }
}

if (problems.length > 0) {
  console.error(['docs/architecture.md no coincide con el árbol:', ...problems.map((problem) => `  - ${problem}`)].join('\n'));
  process.exit(1);
}
console.log(`Mapa de docs/architecture.md al día: ${entries.length} carpetas y archivos, ${cited} archivos citados por las reglas.`);
