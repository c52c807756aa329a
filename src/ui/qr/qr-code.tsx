// QR codes for the deposit address (/recharge) and the invite link (/invite).
import { encode } from "uqr";
import { useMemo } from "react";

/** The module matrix of `text`: rows of dark (true) and light modules, quiet zone included. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: "M", border: 2 }).data;
}

/**
 * A QR code as an SVG drawn from uqr's module matrix: one path of unit squares, crisp at any
 * size, no canvas and no image request. The text stays selectable beside it.
 */
export function QrCode(props: { text: string; label: string; className: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const modules = qrModules(props.text);
    let d = "";
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not text
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: modules.length, path: d };
  }, [props.text]);
  return (
    <svg
      className={props.className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={props.label}
      shapeRendering="crispEdges"
      data-testid={props.testId}
      data-qr-text={props.text}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
