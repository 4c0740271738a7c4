import { Link } from "react-router-dom";
import { displayMoney, memberPrice, type Cents } from "@courts/core";
import { cn } from "../../../lib/cn";
import { percentWords } from "../member-prices";

/** A member's price with the court's struck through beside it ('Precio socio', DESIGN.md section 16). */
export function MemberPrice({ normal, price, testId, start = false }: { normal: Cents; price: Cents; testId?: string; start?: boolean }) {
  return (
    // at the start of a narrow bar (a phone's) on one line; at the end of a summary row, wrapping if it must
    <span className={cn("items-baseline gap-x-2", start ? "flex flex-nowrap whitespace-nowrap" : "inline-flex flex-wrap justify-end")}>
      {normal !== price && (
        <s className="text-sm font-medium text-stone-500">
          <span className="sr-only">Precio normal </span>
          {displayMoney(normal)}
        </s>
      )}
      <span data-testid={testId}>{displayMoney(price)}</span>
    </span>
  );
}

/**
 * For a player who is not a member of a venue that sells plans: what this hour would cost as one,
 * and where to become one. The largest discount on sale ('desde' when plans differ).
 */
export function MemberHint({ price, discountPercent, several, href, className }: { price: Cents; discountPercent: number; several: boolean; href: string; className?: string }) {
  return (
    <p data-testid="member-hint" className={cn("text-xs text-stone-600", className)}>
      Precio socio{several ? " desde" : ""}: <strong className="font-semibold text-stone-800">{displayMoney(memberPrice(price, discountPercent))}</strong> (−
      {percentWords(discountPercent)}).{" "}
      <Link to={href} className="font-semibold text-court-800 underline">
        Hazte socio
      </Link>
    </p>
  );
}
