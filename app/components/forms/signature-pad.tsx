import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

const WIDTH = 480;
const HEIGHT = 140;

/**
 * With JavaScript, a box to draw a signature in beside the typed one: what is drawn goes in
 * the hidden `signatureDrawing` field as a PNG data URL (the server takes up to 60,000
 * characters). Without JavaScript nothing is shown: the typed name is the signature.
 */
export function SignaturePad({ initial }: { initial?: string }) {
  const hydrated = useHydrated();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [value, setValue] = useState(initial ?? "");

  useEffect(() => {
    const context = canvas.current?.getContext("2d");
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = "round";
    context.lineJoin = "round";
    context.strokeStyle = "#0f172a";
    if (initial) {
      const image = new Image();
      image.onload = () => context.drawImage(image, 0, 0, WIDTH, HEIGHT);
      image.src = initial;
    }
  }, [hydrated, initial]);

  if (!hydrated) return null;

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };
  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext("2d");
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext("2d");
    const { x, y } = point(event);
    context?.lineTo(x, y);
    context?.stroke();
  };
  const end = () => {
    if (!drawing.current || !canvas.current) return;
    drawing.current = false;
    setValue(canvas.current.toDataURL("image/png"));
  };
  const clear = () => {
    canvas.current?.getContext("2d")?.clearRect(0, 0, WIDTH, HEIGHT);
    setValue("");
  };

  return (
    <div className="space-y-2">
      <p id="signature-drawing-help" className="text-sm text-slate-700">
        You may also draw your signature here with a finger, a pen or the mouse (optional).
      </p>
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label="Box to draw your signature in"
        aria-describedby="signature-drawing-help"
        className="block h-auto w-full max-w-[480px] touch-none rounded-md border border-slate-500 bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        data-testid="signature-pad"
      />
      <input type="hidden" name="signatureDrawing" value={value} />
      <button type="button" className="btn-secondary" onClick={clear}>
        Clear the drawing
      </button>
    </div>
  );
}
