/** The product's name in the top bar and page titles (SPEC.md leaves it unnamed). */
export const APP_NAME = "Reserva Tenis";

export const pageTitle = (screen?: string) => (screen ? `${screen} · ${APP_NAME}` : `${APP_NAME} · Reserva tu cancha de tenis`);
