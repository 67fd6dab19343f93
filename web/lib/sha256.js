// SHA-256 of a text (UTF-8) as 64 lowercase hex characters: commitments, the terms' digest.

export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
}
