// Starting Python from the build's start image: a Pyodide memory snapshot that build_site.py
// takes under Node with the interpreter initialised and the engine already imported.
// Used by web/worker.js (and by tests/test_pyodide_node.py under Node); no DOM, no globals.
//
// The image is a Pyodide snapshot (header + the whole wasm memory) gzip-compressed after the
// build XORed the memory with what the wasm's own data segments put there at instantiation:
// those 3 MB are in pyodide.asm.wasm already, so they cross the network only once. Undoing
// that needs the wasm's bytes, which the worker downloads anyway.

/** Pyodide's snapshot magic number (the first 32-bit word). */
export const SNAPSHOT_MAGIC = 0x706e7300;
/** Where Pyodide's snapshot header stores its 32-byte build id (eight 32-bit words). */
const BUILD_ID_WORDS = [4, 12];

function leb(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    b = bytes[at.i++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
  } while (b & 0x80);
  return value;
}

function sleb32(bytes, at) {
  let value = 0, shift = 0, b;
  do {
    b = bytes[at.i++];
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 32 && (b & 0x40)) value |= -1 << shift;
  return value;
}

/**
 * The active data segments of a wasm module whose memory offset is a constant:
 * [{offset, start, end}] — bytes [start, end) of `wasm` are copied to memory at `offset` when
 * the module is instantiated. Other kinds (passive, computed offsets) are left out; the build
 * (site_build/start_image.py wasm_data_segments) leaves out exactly the same ones.
 */
export function dataSegments(wasm) {
  const bytes = wasm instanceof Uint8Array ? wasm : new Uint8Array(wasm);
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error("not a wasm module");
  const at = { i: 8 };
  const out = [];
  while (at.i < bytes.length) {
    const id = bytes[at.i++];
    const size = leb(bytes, at);
    const end = at.i + size;
    if (id === 11) {
      const count = leb(bytes, at);
      for (let n = 0; n < count; n++) {
        const flags = leb(bytes, at);
        let offset = null;
        if (flags === 0 || flags === 2) {
          if (flags === 2) leb(bytes, at); // memory index
          const op = bytes[at.i++];
          if (op === 0x41) offset = sleb32(bytes, at) >>> 0;
          else if (op === 0x23) leb(bytes, at); // global.get: not a constant
          else throw new Error(`data segment ${n}: unexpected offset opcode ${op}`);
          if (bytes[at.i++] !== 0x0b) throw new Error(`data segment ${n}: offset is not a single instruction`);
          if (flags === 2) offset = null; // a second memory: not the one the snapshot holds
        } else if (flags !== 1) {
          throw new Error(`data segment ${n}: unknown flags ${flags}`);
        }
        const length = leb(bytes, at);
        if (offset !== null) out.push({ offset, start: at.i, end: at.i + length });
        at.i += length;
      }
      return out;
    }
    at.i = end;
  }
  return out;
}

/** The build id recorded in a (decompressed) Pyodide snapshot, as Pyodide writes it: 64 hex digits. */
export function snapshotBuildId(image) {
  const words = new Uint32Array(image.buffer, image.byteOffset, BUILD_ID_WORDS[1]);
  return Array.from(words.subarray(...BUILD_ID_WORDS), (w) => w.toString(16).padStart(8, "0")).join("");
}

/**
 * Why this decompressed image cannot start the runtime that expects `want` = {size, buildId},
 * or null when it can. Checked before Pyodide sees it, so a mismatch falls back to a normal
 * start instead of failing inside the loader.
 */
export function imageProblem(image, want) {
  if (image.byteLength !== want.size) return `image is ${image.byteLength} bytes, the build made ${want.size}`;
  const head = new Uint32Array(image.buffer, image.byteOffset, 4);
  if (head[0] !== SNAPSHOT_MAGIC) return "image is not a Pyodide snapshot";
  const id = snapshotBuildId(image);
  if (id !== want.buildId) return `image is for Pyodide build ${id.slice(0, 12)}…, this runtime is ${want.buildId.slice(0, 12)}…`;
  return null;
}

/**
 * Undo the build's XOR in place: after this, `image` is the snapshot Pyodide made. The memory
 * part starts after the snapshot's header, whose length is the header's second word.
 */
export function restoreDataSegments(image, wasm) {
  const code = wasm instanceof Uint8Array ? wasm : new Uint8Array(wasm);
  const header = new Uint32Array(image.buffer, image.byteOffset, 2)[1];
  for (const { offset, start, end } of dataSegments(code)) {
    const base = header + offset;
    if (base + (end - start) > image.byteLength) throw new Error("a data segment lies beyond the image");
    for (let i = start, j = base; i < end; i++, j++) image[j] ^= code[i];
  }
  return image;
}

/** The bytes of a gzip body, decompressed as they stream in (DecompressionStream). */
export async function gunzip(body) {
  const stream = body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The smallest valid zip (no members): what the image's start mounts as the standard library. */
export const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

/**
 * Fetch `url` synchronously (a worker may; a page may not). For the standard library the image
 * did not import: Python's import statement cannot wait for a promise.
 */
export function fetchSync(url) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url, false);
  xhr.responseType = "arraybuffer";
  xhr.send(null);
  if (xhr.status !== 200) throw new Error(`${url}: HTTP ${xhr.status}`);
  return new Uint8Array(xhr.response);
}
