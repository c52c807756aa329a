// The invite card as an image: drawn straight onto a canvas (title, code, QR code of the link,
// the link), so it looks the same on every device and needs neither the network nor the DOM
// renderer the charts use. Shared or downloaded through src/ui/charts/save-image.ts.
import { qrModules } from "../../ui/qr/qr-code";

export interface InviteCardText {
  title: string;
  codeLabel: string;
  code: string;
  link: string;
  footer: string;
}

/* eslint-disable lingui/no-unlocalized-strings -- CSS font shorthands, not text */
const FONT = {
  title: "bold 48px system-ui, sans-serif",
  label: "28px system-ui, sans-serif",
  code: "bold 72px ui-monospace, monospace",
  link: "24px ui-monospace, monospace",
  footer: "24px system-ui, sans-serif",
};
/* eslint-enable lingui/no-unlocalized-strings */

const WIDTH = 720;
const HEIGHT = 1080;
const QR_SIZE = 480;

/** "ABCD1234" -> "quanta-invite-ABCD1234.png". */
export function inviteCardFileName(code: string): string {
  return `quanta-invite-${code.replace(/[^A-Za-z0-9]/g, "") || "code"}.png`;
}

/** Draws the card on `canvas` (resized to the card) and answers it as a PNG. */
export async function renderInviteCard(
  canvas: HTMLCanvasElement,
  text: InviteCardText,
): Promise<Blob> {
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const g = canvas.getContext("2d");
  if (g === null) throw new Error("invite card: no 2D context");
  g.fillStyle = "#0b1220";
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.textAlign = "center";
  g.fillStyle = "#ffffff";
  g.font = FONT.title;
  g.fillText(text.title, WIDTH / 2, 110, WIDTH - 80);
  g.fillStyle = "#9aa4b2";
  g.font = FONT.label;
  g.fillText(text.codeLabel, WIDTH / 2, 190, WIDTH - 80);
  g.fillStyle = "#f0b90b";
  g.font = FONT.code;
  g.fillText(text.code, WIDTH / 2, 275, WIDTH - 80);
  drawQr(g, text.link, (WIDTH - QR_SIZE) / 2, 330);
  g.fillStyle = "#ffffff";
  g.font = FONT.link;
  g.fillText(text.link, WIDTH / 2, 880, WIDTH - 60);
  g.fillStyle = "#9aa4b2";
  g.font = FONT.footer;
  g.fillText(text.footer, WIDTH / 2, 960, WIDTH - 60);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob === null) reject(new Error("invite card: the browser produced no PNG"));
      else resolve(blob);
    }, "image/png");
  });
}

function drawQr(g: CanvasRenderingContext2D, link: string, left: number, top: number): void {
  const modules = qrModules(link);
  const cell = Math.floor(QR_SIZE / modules.length);
  const size = cell * modules.length;
  const x0 = left + (QR_SIZE - size) / 2;
  const y0 = top + (QR_SIZE - size) / 2;
  g.fillStyle = "#ffffff";
  g.fillRect(left, top, QR_SIZE, QR_SIZE);
  g.fillStyle = "#000000";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) g.fillRect(x0 + x * cell, y0 + y * cell, cell, cell);
    }),
  );
}
