// An independent re-implementation of docs/fairness.md in JavaScript (node:crypto),
// checked against the same vectors the Python tests pin. Run: node fairness_reference.mjs VECTORS.json
import { createHash, createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

function stream(seedHex, label) {
  return streamKey(Buffer.from(seedHex, "hex"), label);
}

function streamKey(key, label) {
  let counter = 0n, block = Buffer.alloc(0), pos = 0;
  const read = (n) => {
    const out = [];
    while (out.length < n) {
      if (pos === block.length) {
        const c = Buffer.alloc(8); c.writeBigUInt64BE(counter++);
        block = createHmac("sha256", key).update(Buffer.concat([Buffer.from(label, "utf8"), Buffer.from([0]), c])).digest();
        pos = 0;
      }
      out.push(block[pos++]);
    }
    return Buffer.from(out);
  };
  const below = (n) => {
    n = BigInt(n);
    if (n === 1n) return 0n;
    const bits = (n - 1n).toString(2).length, k = Math.ceil(bits / 8), mask = (1n << BigInt(bits)) - 1n;
    for (;;) {
      const v = BigInt("0x" + read(k).toString("hex")) & mask;
      if (v < n) return v;
    }
  };
  return { read, below };
}

const v = JSON.parse(readFileSync(process.argv[2], "utf8"));
let failures = 0;
const check = (what, got, want) => { if (JSON.stringify(got) !== JSON.stringify(want)) { failures++; console.log("MISMATCH", what, got, want); } };
for (const [seed, fp] of Object.entries(v.fingerprints)) check("fingerprint", createHash("sha256").update(seed, "ascii").digest("hex"), fp);
for (const e of v.stream_bytes) check("bytes " + e.label, stream(e.seed, e.label).read(e.bytes).toString("hex"), e.hex);
for (const e of v.below) { const s = stream(e.seed, e.label); check("below " + e.label, e.values.map(() => Number(s.below(e.n))), e.values); }
for (const e of v.shuffle) {
  const s = stream(e.seed, e.label), items = [...Array(52).keys()];
  for (let i = items.length - 1; i > 0; i--) { const j = Number(s.below(i + 1)); [items[i], items[j]] = [items[j], items[i]]; }
  check("shuffle", items, e.result);
}
// A bot's stream: its key is the first 32 bytes of stream "bot/<seat>"; at move n it reads "move/<n>".
for (const e of v.bot_streams || []) {
  const key = stream(e.seed, `bot/${e.seat}`).read(32);
  check("bot key", key.toString("hex"), e.key);
  check("bot stream", streamKey(key, `move/${e.move}`).read(e.bytes).toString("hex"), e.hex);
}
// A joint seed: SHA-256 of "valley-tables/joint-seed/1" then, per contribution, 0x00 and its 64 ASCII characters.
for (const e of v.joint_seeds || []) {
  const parts = [Buffer.from("valley-tables/joint-seed/1", "ascii")];
  for (const c of e.contributions) parts.push(Buffer.from([0]), Buffer.from(c, "ascii"));
  check("joint seed", createHash("sha256").update(Buffer.concat(parts)).digest("hex"), e.seed);
  check("commitments", e.contributions.map((c) => createHash("sha256").update(c, "ascii").digest("hex")), e.commitments);
}
// The terms of a joint table: canonical JSON (keys sorted at every level, no spaces, UTF-8), its
// SHA-256, and the seed of record version 4: SHA-256 of "valley-tables/joint-seed/2", 0x00, the
// digest's 64 ASCII characters, then per contribution 0x00 and its 64 ASCII characters.
const canonical = (x) => (x === null || typeof x !== "object") ? JSON.stringify(x)
  : Array.isArray(x) ? `[${x.map(canonical).join(",")}]`
  : `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canonical(x[k])}`).join(",")}}`;
for (const e of v.joint_terms || []) {
  const text = canonical(e.terms);
  check("terms canonical", text, e.canonical);
  const digest = createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
  check("terms digest", digest, e.digest);
  const parts = [Buffer.from("valley-tables/joint-seed/2", "ascii"), Buffer.from([0]), Buffer.from(digest, "ascii")];
  for (const c of e.contributions) parts.push(Buffer.from([0]), Buffer.from(c, "ascii"));
  check("joint seed with terms", createHash("sha256").update(Buffer.concat(parts)).digest("hex"), e.seed);
}
// The move chain: key = first 32 bytes of stream "table/moves"; c0 = 32 zero bytes;
// c(i) = HMAC-SHA256(key, c(i-1) ‖ seat in decimal ‖ 0x00 ‖ by ‖ 0x00 ‖ action), and at a table over days
// ‖ 0x00 ‖ the action's time in decimal (unix seconds).
for (const e of v.move_chains || []) {
  const key = stream(e.seed, "table/moves").read(32);
  let c = Buffer.alloc(32);
  const values = [c.toString("hex")];
  e.actions.forEach((a, i) => {
    const [seat, by] = e.actors[i];
    const parts = [c, Buffer.from(String(seat), "ascii"), Buffer.from([0]), Buffer.from(by, "utf8"), Buffer.from([0]),
      Buffer.from(a, "utf8")];
    if (e.times) parts.push(Buffer.from([0]), Buffer.from(String(e.times[i]), "ascii"));
    c = createHmac("sha256", key).update(Buffer.concat(parts)).digest();
    values.push(c.toString("hex"));
  });
  check(e.times ? "move chain over days" : "move chain", values, e.values);
}
// The version 4 record of docs/records.md ("Example: a version 4 record"), beside the vectors: every
// value in it follows from its contributions, its own fields and its actions.
const example = join(dirname(resolve(process.argv[2])), "joint_record.json");
const r = JSON.parse(readFileSync(example, "utf8"));
const sha = (text) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");
check("example commitments", r.joint.map((p) => sha(p.contribution)), r.joint.map((p) => p.commitment));
const terms = { game: r.game, engine: r.engine, options: r.options,
  seats: r.seats.map((s) => ({ name: s.name, bot: s.bot, level: s.level })), timers: r.timers ?? true,
  participants: r.joint.map((p) => ({ who: p.who, commitment: p.commitment })) };
check("example terms as promised", canonical(terms), canonical(r.witness.terms));
const parts = [Buffer.from("valley-tables/joint-seed/2", "ascii"), Buffer.from([0]), Buffer.from(sha(canonical(terms)), "ascii")];
for (const p of r.joint) parts.push(Buffer.from([0]), Buffer.from(p.contribution, "ascii"));
check("example seed", createHash("sha256").update(Buffer.concat(parts)).digest("hex"), r.seed);
check("example fingerprint", sha(r.seed), r.fingerprint);
const chainKey = stream(r.seed, "table/moves").read(32);
const cs = [Buffer.alloc(32)];
r.actions.forEach((a, i) => {
  const [seat, by] = r.actors[i];
  cs.push(createHmac("sha256", chainKey).update(Buffer.concat([cs[i], Buffer.from(String(seat), "ascii"), Buffer.from([0]),
    Buffer.from(by, "utf8"), Buffer.from([0]), Buffer.from(a, "utf8")])).digest());
});
// Elderwood: one log entry per action, none hidden, so the page held E entries when it received c(E).
check("example witness chain", r.witness.commitments, r.witness.commitments.map(([e]) => [e, cs[e].toString("hex")]));
check("example witness shown", r.witness.shown, r.actions.map((a, i) => [r.actors[i][0], a]));
const body = Object.fromEntries(Object.entries(r).filter(([k]) => k !== "seal" && k !== "witness"));
check("example seal", createHmac("sha256", Buffer.from(r.seed, "hex")).update(Buffer.from(canonical(body), "utf8")).digest("hex"), r.seal);
console.log(failures ? `${failures} mismatches` : "all vectors match");
process.exit(failures ? 1 : 0);
