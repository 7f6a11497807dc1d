import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `text` drawn by the `qrcode` package as SVG (dark modules on white, with a quiet zone:
 * phone cameras read it on a dark page too).
 */
export function Qr({ text, label, size = 220 }: { text: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } }).then(
      (s) => live && setSvg(s),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div
      className="lobby-qr"
      data-testid="qr"
      data-text={text}
      role="img"
      aria-label={label}
      style={{ width: size, height: size }}
      // The SVG is the qrcode package's output for our own link (no user HTML).
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
