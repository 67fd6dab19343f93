// Reading a QR code with this device's camera, where the browser can (the Barcode Detection API):
// the host scans the answer a guest's screen shows instead of pasting it. Where the browser has
// no detector (most desktop browsers) the page offers pasting only.

/** How often a frame of the camera is looked at. */
const EVERY_MS = 250;

export function canScan() {
  return typeof window.BarcodeDetector === "function"
    && !!(navigator.mediaDevices && typeof navigator.mediaDevices.getUserMedia === "function");
}

/**
 * Show the camera in `video` until a QR code is read (its text) or `signal` aborts (null). The
 * camera is released either way. Rejects when the camera is refused or missing.
 */
export async function scanQr(video, signal) {
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  try {
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    while (!signal.aborted) {
      let found = [];
      try {
        found = await detector.detect(video);
      } catch (_) { /* a frame not ready yet: the next one */ }
      const hit = found.find((c) => typeof c.rawValue === "string" && c.rawValue);
      if (hit) return hit.rawValue;
      await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
