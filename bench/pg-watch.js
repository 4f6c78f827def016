// `node bench/pg-watch.js`, beside `npm run bench:cluster` (same machine): every minute, what the
// machine's PostgreSQL spent — its processes' CPU by role (backends, checkpointer, background writer,
// WAL writer; `reaped` is the CPU of ended children: autovacuum workers, closed connections), the WAL
// it wrote and how much of it was full-page images, checkpoints and buffer writes — and, for the
// bench's database (DB, default helio_cluster_bench), each busy table's rows, dead rows, vacuums,
// buffer reads and size. How bench/RESULTS.md's figures on PostgreSQL's part of a sample were read.
// INTERVAL (s, default 60) and MINUTES (default 60) bound it; it stops by itself. PG_SERVER (default
// postgres://postgres@127.0.0.1:5432) is the server to watch: a private one when the bench was pointed
// at it with CLUSTER_PG_ADMIN_URL (the CPU is still every PostgreSQL process of the machine's).
'use strict';
const fs = require('node:fs');
const { Client } = require('pg');
const { machineBusySeconds } = require('./process-cpu');
const INTERVAL = Number(process.env.INTERVAL ?? 60) * 1000;
const DB = process.env.DB ?? 'helio_cluster_bench';
const END = Date.now() + Number(process.env.MINUTES ?? 60) * 60000;
const SERVER = process.env.PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

function procs() {
  const out = {};
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let cmd, stat;
    try {
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(f[11]) + Number(f[12])) / 100;
    const kids = (Number(f[13]) + Number(f[14])) / 100;
    let role;
    if (cmd.startsWith('/usr/lib/postgresql')) role = 'postmaster';
    else if (cmd.startsWith('postgres: ')) {
      const r = cmd.slice(cmd.indexOf(':', 9) + 2);
      role = /autovacuum worker/.test(r)
        ? 'autovac'
        : /^(checkpointer|background writer|walwriter|autovacuum launcher|logical|stats|archiver)/.test(r)
          ? r.split(' ')[0]
          : 'backend';
    } else continue;
    out[role] = (out[role] ?? 0) + own;
    // every postmaster's (the machine's and a private one's): the CPU of its ended children
    if (role === 'postmaster') out.reaped = (out.reaped ?? 0) + kids;
  }
  return out;
}

async function q(c, text) {
  try {
    return (await c.query(text)).rows;
  } catch (e) {
    return [{ error: e.message }];
  }
}

(async () => {
  const machine = new Client({ connectionString: `${SERVER}/postgres` });
  await machine.connect();
  let prev;
  let bench;
  while (Date.now() < END) {
    const now = Date.now();
    if (!bench) {
      const c = new Client({ connectionString: `${SERVER}/${DB}` });
      try {
        await c.connect();
        // the bench drops and makes its database anew: connect again on the next turn
        c.on('error', () => {
          if (bench === c) bench = undefined;
        });
        bench = c;
      } catch {}
    }
    const cur = {
      t: now,
      busy: machineBusySeconds(),
      cpu: procs(),
      wal: (await q(machine, 'select wal_records, wal_fpi, wal_bytes, wal_write, wal_sync from pg_stat_wal'))[0],
      bg: (
        await q(
          machine,
          'select checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean, buffers_backend, buffers_alloc from pg_stat_bgwriter',
        )
      )[0],
      tables: bench
        ? await q(
            bench,
            `select t.relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, n_live_tup, n_dead_tup, autovacuum_count, autoanalyze_count,
              heap_blks_read, heap_blks_hit, idx_blks_read, idx_blks_hit, pg_total_relation_size(t.relid) as bytes, pg_indexes_size(t.relid) as ibytes
             from pg_stat_user_tables t join pg_statio_user_tables s using (relid) order by n_tup_ins + n_tup_upd desc limit 8`,
          )
        : [],
      activity: bench ? await q(bench, `select query from pg_stat_activity where backend_type = 'autovacuum worker'`) : [],
    };
    if (prev) {
      const dt = (cur.t - prev.t) / 1000;
      const cpu = Object.keys(cur.cpu)
        .filter((k) => k !== 'reaped')
        .map((k) => `${k} ${((cur.cpu[k] - (prev.cpu[k] ?? 0)) / dt).toFixed(3)}`)
        .join(', ');
      const reaped = ((cur.cpu.reaped - prev.cpu.reaped) / dt).toFixed(3);
      const pgAll = Object.keys(cur.cpu).reduce((a, k) => a + cur.cpu[k] - (prev.cpu[k] ?? 0), 0);
      const machine = (cur.busy - prev.busy) / dt;
      const w = (k) => Number(cur.wal[k]) - Number(prev.wal[k]);
      const b = (k) => Number(cur.bg[k]) - Number(prev.bg[k]);
      console.log(
        `${new Date(now).toISOString().slice(11, 19)} machine ${machine.toFixed(2)} pg ${(pgAll / dt).toFixed(2)} cores: ${cpu}, reaped ${reaped} | WAL ${(w('wal_bytes') / dt / 1e6).toFixed(1)} MB/s, fpi ${(w('wal_fpi') / dt).toFixed(0)}/s, records ${(w('wal_records') / dt).toFixed(0)}/s | ckpt timed ${b('checkpoints_timed')} req ${b('checkpoints_req')} buf ckpt ${b('buffers_checkpoint')} clean ${b('buffers_clean')} backend ${b('buffers_backend')} alloc ${b('buffers_alloc')}`,
      );
      for (const t of cur.tables.filter((row) => row.relname !== undefined)) {
        const p = prev.tables.find((x) => x.relname === t.relname) ?? {};
        const d = (k) => Number(t[k]) - Number(p[k] ?? 0);
        console.log(
          `   ${t.relname}: ins ${d('n_tup_ins')} upd ${d('n_tup_upd')} (hot ${d('n_tup_hot_upd')}) del ${d('n_tup_del')} live ${t.n_live_tup} dead ${t.n_dead_tup} av ${t.autovacuum_count} aa ${t.autoanalyze_count} heap read ${d('heap_blks_read')} hit ${d('heap_blks_hit')} idx read ${d('idx_blks_read')} hit ${d('idx_blks_hit')} size ${(t.bytes / 1e6).toFixed(0)} MB (idx ${(t.ibytes / 1e6).toFixed(0)})`,
        );
      }
      for (const a of cur.activity) console.log(`   autovacuum: ${a.query}`);
    }
    prev = cur;
    await new Promise((r) => setTimeout(r, Math.max(0, now + INTERVAL - Date.now())));
  }
  process.exit(0);
})();
