import { useState, type ReactNode } from "react";

/** An image that swaps to its fallback when there is no source or it fails to load. */
export function SmartImage({
  src,
  alt,
  className,
  fallback,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) return <>{fallback}</>;
  return <img src={src} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailed(src)} />;
}
