import { execFileSync } from 'node:child_process';

export interface E2eEnvironment {
  port: number;
  pgPort: number;
  baseUrl: string;
}

/** Two free loopback ports, found once per run and shared with workers through the environment. */
export function e2eEnvironment(): E2eEnvironment {
  if (!process.env.E2E_PORT || !process.env.E2E_PG_PORT) {
    const script =
      "const n=require('net');const f=()=>new Promise(r=>{const s=n.createServer();s.listen(0,'127.0.0.1',()=>{const p=s.address().port;s.close(()=>r(p))})});Promise.all([f(),f()]).then(p=>console.log(p.join(' ')))";
    const [port, pgPort] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ');
    process.env.E2E_PORT = port;
    process.env.E2E_PG_PORT = pgPort;
  }
  const port = Number(process.env.E2E_PORT);
  return { port, pgPort: Number(process.env.E2E_PG_PORT), baseUrl: `http://127.0.0.1:${port}` };
}
