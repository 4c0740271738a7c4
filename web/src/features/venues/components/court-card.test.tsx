import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { courtAnswer } from "../../../testing/render-app";
import { CourtCard } from "./court-card";

describe("CourtCard", () => {
  it("when a court is under maintenance, then it reads 'Ocupada' and says it is maintenance, and is not a link", () => {
    render(<CourtCard court={courtAnswer({ status: "maintenance" })} />, { wrapper: MemoryRouter });
    expect(screen.getByText("Ocupada")).toBeInTheDocument();
    expect(screen.getByTestId("court-closed")).toHaveTextContent("En mantenimiento");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("when a court is in use or available, then no maintenance line is shown", () => {
    const { unmount } = render(<CourtCard court={courtAnswer({ status: "in_use" })} />, { wrapper: MemoryRouter });
    expect(screen.getByText("Ocupada")).toBeInTheDocument();
    expect(screen.queryByText("En mantenimiento")).toBeNull();
    unmount();
    render(<CourtCard court={courtAnswer({ status: "available" })} today={{ text: "Libre desde 19:00", free: true }} />, { wrapper: MemoryRouter });
    expect(screen.getByRole("link", { name: /Reservar Cancha Central/ })).toBeInTheDocument();
    expect(screen.queryByText("En mantenimiento")).toBeNull();
  });
});
