import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentToast } from "../../../components/ui/toast";
import { GUEST, json, mockApi, renderWithProviders } from "../../../testing/render-app";
import AdminMembershipsScreen from "./memberships";

const plan = (id: string, name: string) => ({
  id,
  venueId: "v1",
  name,
  price: "300.00",
  months: 12,
  discountPercent: 20,
  windowDays: null,
  active: true,
  createdAt: "2030-01-01T12:00:00.000Z",
});

type Handler = Parameters<typeof mockApi>[0][string];

/** A venue with two plans; the fake server drops a plan from the venue's list once it is withdrawn. */
const club = (refuse?: Handler) => {
  let plans = [plan("m1", "Socio anual"), plan("m2", "Socio verano")];
  const deletes: string[] = [];
  mockApi({
    ...GUEST,
    "GET /api/admin/check": () => json({ isAdmin: true }),
    "GET /api/venues": () => json([{ id: "v1", name: "Club Norte", location: "Quito", description: null, imageUrl: null, imageData: null, courtCount: 2 }]),
    "GET /api/venues/v1/membership-plans": () => json(plans),
    "GET /api/admin/purchases?page=1&pageSize=20": () => json([]),
    "DELETE /api/admin/membership-plans/m2":
      refuse ??
      (() => {
        deletes.push("/api/admin/membership-plans/m2");
        plans = plans.filter((p) => p.id !== "m2");
        return new Response(null, { status: 204 });
      }),
  });
  return { deletes: () => [...deletes] };
};

describe("Admin: 'Socios' withdraws a plan", () => {
  it("when 'Retirar' is pressed, then a confirmation names the plan; 'Cancelar' sends nothing, 'Retirar plan' deletes it and it leaves the list", async () => {
    const state = club();
    renderWithProviders(<AdminMembershipsScreen />, "/admin/memberships");
    const list = await screen.findByRole("list", { name: "Planes de socio" });
    await userEvent.click(within(list).getByRole("button", { name: "Retirar el plan Socio verano" }));
    let confirm = await screen.findByRole("alertdialog", { name: "¿Retirar este plan?" });
    expect(confirm).toHaveTextContent("Socio verano dejará de estar a la venta y de mostrarse a los jugadores.");
    expect(confirm).toHaveTextContent("Los socios que ya lo compraron conservan su membresía hasta que termine.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(state.deletes()).toEqual([]);

    await userEvent.click(within(list).getByRole("button", { name: "Retirar el plan Socio verano" }));
    confirm = await screen.findByRole("alertdialog", { name: "¿Retirar este plan?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Retirar plan" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(state.deletes()).toEqual(["/api/admin/membership-plans/m2"]);
    expect(currentToast()).toMatchObject({ title: "Plan retirado", description: "Socio verano ya no está a la venta" });
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Planes de socio" })).getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByRole("list", { name: "Planes de socio" })).toHaveTextContent("Socio anual");
    expect(screen.getByRole("list", { name: "Planes de socio" })).not.toHaveTextContent("Socio verano");
  });

  it("when the server refuses the withdrawal, then its Spanish message shows in a toast and the plan stays", async () => {
    club(() => json({ code: "MEMBERSHIP_PLAN_NOT_FOUND", message: "Plan de socio no encontrado" }, 404));
    renderWithProviders(<AdminMembershipsScreen />, "/admin/memberships");
    const list = await screen.findByRole("list", { name: "Planes de socio" });
    await userEvent.click(within(list).getByRole("button", { name: "Retirar el plan Socio verano" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Retirar plan" }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: "Error", description: "Plan de socio no encontrado" }));
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
  });
});
