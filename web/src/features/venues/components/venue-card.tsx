import { Link } from "react-router-dom";
import { ArrowRight, MapPin } from "lucide-react";
import { displayMoney, type Cents } from "@courts/core";
import fallbackImage from "../../../assets/court-fallback.svg";
import { Badge } from "../../../components/ui/badge";
import { buttonClass } from "../../../components/ui/button";
import { SmartImage } from "../../../components/ui/smart-image";
import { imageSrc } from "../../../lib/image-src";
import type { Venue } from "../../../types/api";

/**
 * A featured venue on the home screen; the whole card opens /venue/{id}. 'Desde $X' is the
 * venue's cheapest hour (SPEC.md's 'Desde $14.50' with the default prices), shown once known.
 */
export function VenueCard({ venue, fromPrice }: { venue: Venue; fromPrice?: Cents | null | undefined }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-within:ring-2 focus-within:ring-ball-400">
      <div className="relative aspect-[16/10] overflow-hidden bg-court-800">
        <SmartImage
          src={imageSrc(venue)}
          alt={venue.name}
          className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          fallback={<img src={fallbackImage} alt="" className="h-full w-full object-cover" />}
        />
        {fromPrice != null && (
          <Badge tone="ball" className="absolute left-3 top-3 shadow-sm">
            Desde {displayMoney(fromPrice)}
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-bold text-stone-900">{venue.name}</h3>
        <p className="flex items-center gap-1.5 text-sm text-stone-600">
          <MapPin aria-hidden="true" className="h-4 w-4 shrink-0 text-clay-600" />
          {venue.location}
        </p>
        {venue.description && <p className="line-clamp-2 text-sm text-stone-600">{venue.description}</p>}
        <div className="mt-auto pt-3">
          <Link
            to={`/venue/${venue.id}`}
            aria-label={`Ver Canchas de ${venue.name}`}
            className={buttonClass("primary", "md", "w-full after:absolute after:inset-0 after:content-['']")}
          >
            Ver Canchas
            <ArrowRight aria-hidden="true" className="h-4 w-4 transition group-hover:translate-x-0.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}
