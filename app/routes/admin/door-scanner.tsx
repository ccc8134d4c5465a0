import { useEffect, useEffectEvent, useRef, useState, useSyncExternalStore } from "react";
import { DOOR_TEXT } from "#app/forms/door.ts";

/**
 * The camera of the desk's phone or tablet reading a booking's entry QR. The reader is the
 * browser's BarcodeDetector API as the `barcode-detector` ponyfill gives it, over zxing-wasm, whose
 * .wasm is one of our own build's files (never a CDN): loaded only when the desk turns the camera
 * on. The page's document allows WebAssembly and the camera (its CSP and Permissions-Policy, set
 * for /admin/door only), so a page reached by a client navigation is loaded again as a document
 * first (`?scan=1` starts the camera once it is).
 */

const SCAN_EVERY_MS = 250;
export const SCAN_PARAMETER = "scan";

type State = "off" | "starting" | "scanning" | "unavailable";

export function DoorScanner({ onKey }: { onKey: (key: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>("off");
  // The camera needs the page's scripts: until they run, the button is shown but cannot be pressed.
  const scriptsRunning = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const stop = useRef<() => void>(() => {});

  async function start() {
    if (!loadedAsDoorDocument()) {
      window.location.assign(`/admin/door?${SCAN_PARAMETER}=1`);
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) return setState("unavailable");
    setState("starting");
    try {
      const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
        import("barcode-detector/ponyfill"),
        import("zxing-wasm/reader/zxing_reader.wasm?url"),
      ]);
      prepareZXingModule({
        overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path) },
      });
      const detector = new BarcodeDetector({ formats: ["qr_code"] });
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
      const element = video.current;
      if (!element) return stream.getTracks().forEach((track) => track.stop());
      element.srcObject = stream;
      await element.play();
      setState("scanning");
      let running = true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      stop.current = () => {
        running = false;
        clearTimeout(timer);
        stream.getTracks().forEach((track) => track.stop());
        element.srcObject = null;
      };
      const look = async () => {
        if (!running) return;
        const found = element.readyState >= 2 ? await detector.detect(element).catch(() => []) : [];
        const value = found.find((code) => code.rawValue)?.rawValue;
        if (value && running) {
          stop.current();
          setState("off");
          onKey(value);
          return;
        }
        timer = setTimeout(() => void look(), SCAN_EVERY_MS);
      };
      void look();
    } catch {
      stop.current();
      setState("unavailable");
    }
  }

  const startFromLink = useEffectEvent(() => void start());
  useEffect(() => {
    const url = new URL(window.location.href);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (url.searchParams.get(SCAN_PARAMETER) === "1") {
      // ?scan=1 is the desk's own tap, carried across the reload that gave the page the camera.
      url.searchParams.delete(SCAN_PARAMETER);
      window.history.replaceState(window.history.state, "", url);
      timer = setTimeout(startFromLink);
    }
    return () => {
      clearTimeout(timer);
      stop.current();
    };
  }, []);

  return (
    <div className="door-scanner">
      {state === "scanning" || state === "starting" ? (
        <button
          type="button"
          className="admin-button admin-button--ghost"
          onClick={() => {
            stop.current();
            setState("off");
          }}
        >
          {DOOR_TEXT.scanStop}
        </button>
      ) : (
        <button type="button" className="admin-button door-scanner__start" disabled={!scriptsRunning} onClick={() => void start()}>
          {DOOR_TEXT.scan}
        </button>
      )}
      <video ref={video} className="door-scanner__video" hidden={state !== "scanning"} muted playsInline aria-label={DOOR_TEXT.scanHint} />
      <p className="admin-muted" role="status">
        {state === "scanning"
          ? DOOR_TEXT.scanHint
          : state === "starting"
            ? DOOR_TEXT.scanning
            : state === "unavailable"
              ? DOOR_TEXT.scanUnavailable
              : ""}
      </p>
    </div>
  );
}

const noSubscription = () => () => {};

/** Whether this document was loaded at /admin/door (its CSP and camera permission are the door's). */
function loadedAsDoorDocument() {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  return entry ? new URL(entry.name).pathname === "/admin/door" : false;
}
