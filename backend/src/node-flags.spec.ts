import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The backend's Node.js flags (ADRs 0253, 0258, 0278) are given in three places: `npm start` at the
 * top (scripts/start.mjs), the backend's own `start` script, and the Docker image. bench:load runs
 * the server with the backend's `start` flags, so what it measures is what every shape runs.
 */
describe('the backend runs with the same Node.js flags wherever it starts', () => {
  const root = path.resolve(__dirname, '..', '..');
  const flagsIn = (text: string) => [...text.matchAll(/--(?!enable-source-maps)[a-z-]+(?:=\d+)?/g)].map((match) => match[0]);

  it('in npm start, the backend package and the Docker image', () => {
    const backendStart = (JSON.parse(readFileSync(path.join(root, 'backend', 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    // The argument list that ends with the backend's entry point, however it is wrapped.
    const startSource = readFileSync(path.join(root, 'scripts', 'start.mjs'), 'utf8');
    const entry = startSource.indexOf('backend/dist/main.js');
    const startScript = startSource.slice(startSource.lastIndexOf('[', entry), entry);
    const dockerCmd = readFileSync(path.join(root, 'docker', 'backend.Dockerfile'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD'))!;
    const expected = flagsIn(backendStart);
    expect(expected).toEqual(['--max-semi-space-size=64', '--heap-growing-percent=300', '--no-allocation-site-pretenuring']);
    expect(flagsIn(startScript)).toEqual(expected);
    expect(flagsIn(dockerCmd)).toEqual(expected);
  });
});
