import { useState, type ReactNode } from "react";

/** An image that swaps to its fallback when there is no source or it fails to load. */
export function SmartImage({
  src,
  alt,
  className,
  fallback,
  priority = false,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  fallback: ReactNode;
  /** the screen's main picture (a venue's cover): fetched at once and first, not lazily */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      className={className}
      onError={() => setFailed(src)}
    />
  );
}
