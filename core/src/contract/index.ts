export * from "./catalog.js";
export * from "./bookings.js";
