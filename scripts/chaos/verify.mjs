// The crash test's verifier: given the writes the server acknowledged and a SQL query function on the
// database (PostgreSQL or a PGlite folder), reports every acknowledged write that is missing ("lost")
// and every announcement of the run that is half-written ("broken"). Pure reads; no server needed.

/**
 * @param {{ query: (text: string, params?: unknown[]) => Promise<any[]> }} db
 * @param {Map<string, {id: string, title: string, version: number, status: '0'|'1', writes: number}>} acked
 *   per announcement id, the latest state the server acknowledged and how many writes were acknowledged.
 * @param {string} tag  every title of the run starts with `chaos-${tag}-` (letters, digits and '-' only).
 */
export async function verifyNotices(db, acked, tag) {
  const like = `chaos-${tag}-%`;
  const lost = [];
  const broken = [];

  const notices = new Map(
    (
      await db.query(
        `select id::text as id, title, status, version, publish_time is not null as has_publish_time
           from notice where els_account = '100000' and title like $1`,
        [like],
      )
    ).map((r) => [r.id, r]),
  );
  const group = (rows, key) => {
    const map = new Map();
    for (const row of rows) {
      const list = map.get(row[key]) ?? [];
      list.push(row);
      map.set(row[key], list);
    }
    return map;
  };
  const receivers = group(
    await db.query(
      `select r.notice_id::text as id, r.to_els_account
         from notice_receiver r join notice n on n.id = r.notice_id where n.title like $1`,
      [like],
    ),
    'id',
  );
  const audits = group(
    await db.query(
      `select a.document_id::text as id, a.action, a.from_status, a.to_status
         from audit_trail a join notice n on n.id = a.document_id
        where a.document_kind = 'notice' and n.title like $1`,
      [like],
    ),
    'id',
  );
  const orphanAudits = await db.query(
    `select a.document_id::text as id, a.action from audit_trail a left join notice n on n.id = a.document_id
      where a.document_kind = 'notice' and n.id is null`,
  );
  const messages = new Map(
    (
      await db.query(
        `select s.business_id as id, count(*)::int as n from sys_msg s join notice n on s.business_id = n.id::text
          where s.business_type = 'notice' and n.title like $1 group by 1`,
        [like],
      )
    ).map((r) => [r.id, Number(r.n)]),
  );
  const outbox = new Map(
    (
      await db.query(
        `select payload, count(*)::int as n from outbox_event where payload like $1 group by 1`,
        [like],
      )
    ).map((r) => [r.payload, Number(r.n)]),
  );
  const [{ n: activeSubaccounts }] = await db.query(
    `select count(*)::int as n from subaccount where els_account = '200001' and status = 'active'`,
  );

  // 1. Every acknowledged write is there (at least the acknowledged version and status).
  let writesChecked = 0;
  for (const a of acked.values()) {
    writesChecked += a.writes;
    const row = notices.get(a.id);
    if (!row) {
      lost.push(`${a.id} (${a.title}): acknowledged create missing (${a.writes} acknowledged writes lost)`);
      continue;
    }
    if (Number(row.version) < a.version) {
      lost.push(`${a.id}: version ${row.version} < acknowledged ${a.version}`);
    } else if (Number(row.version) === a.version && row.title !== a.title) {
      lost.push(`${a.id}: title "${row.title}" is not the acknowledged "${a.title}"`);
    }
    if (a.status === '1' && row.status !== '1')
      lost.push(`${a.id}: acknowledged publish, status ${row.status}`);
  }

  // 2. No announcement of the run is half-written (acknowledged or not: in-flight commits count too).
  for (const row of notices.values()) {
    const trail = audits.get(row.id) ?? [];
    const creates = trail.filter((t) => t.action === 'create' && t.to_status === '0').length;
    const publishes = trail.filter(
      (t) => t.action === 'publish' && t.from_status === '0' && t.to_status === '1',
    ).length;
    const to = (receivers.get(row.id) ?? []).map((r) => r.to_els_account);
    const msgs = messages.get(row.id) ?? 0;
    const pushes = outbox.get(row.title) ?? 0;
    if (creates !== 1) broken.push(`${row.id}: ${creates} 'create' audit rows (expected 1)`);
    if (to.length !== 1 || to[0] !== '200001')
      broken.push(`${row.id}: receivers [${to.join(', ')}] (expected [200001])`);
    if (row.status === '1') {
      if (publishes !== 1) broken.push(`${row.id}: published with ${publishes} 'publish' audit rows`);
      if (!row.has_publish_time) broken.push(`${row.id}: published without publish_time`);
      if (msgs !== activeSubaccounts)
        broken.push(`${row.id}: published with ${msgs} sys_msg rows (expected ${activeSubaccounts})`);
      if (pushes !== msgs) broken.push(`${row.id}: ${pushes} outbox rows for ${msgs} sys_msg rows`);
    } else {
      if (publishes !== 0) broken.push(`${row.id}: unpublished but ${publishes} 'publish' audit rows`);
      if (msgs !== 0 || pushes !== 0)
        broken.push(`${row.id}: unpublished but ${msgs} sys_msg / ${pushes} outbox rows`);
    }
  }
  for (const orphan of orphanAudits)
    broken.push(`audit row '${orphan.action}' for missing notice ${orphan.id}`);

  const unacknowledged = [...notices.keys()].filter((id) => !acked.has(id)).length;
  return {
    writesChecked,
    documents: notices.size,
    published: [...notices.values()].filter((r) => r.status === '1').length,
    unacknowledged,
    lost,
    broken,
  };
}
