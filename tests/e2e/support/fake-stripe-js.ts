/**
 * A stand-in for https://js.stripe.com/<release>/stripe.js, served with page.route: it defines
 * window.Stripe, records every call in window.__stripeCalls, mounts a visible placeholder for
 * the Payment Element (firing 'ready'), and confirms a payment through window.__stripeSucceed,
 * which the test exposes to succeed the intent on the fake Stripe API. A string, because it
 * runs in the page, not in Node.
 */
export const FAKE_STRIPE_JS = `
(() => {
  const calls = (window.__stripeCalls = []);
  const record = (name, args) => calls.push({ name, args: JSON.parse(JSON.stringify(args || [])) });
  window.Stripe = function Stripe(key, options) {
    record("Stripe", [key, options || null]);
    const handlers = {};
    const emit = (event, payload) => (handlers[event] || []).slice().forEach((handler) => handler(payload));
    const element = {
      mount(target) {
        const node = typeof target === "string" ? document.querySelector(target) : target;
        record("mount", [node ? node.tagName : null]);
        node.innerHTML = '<div data-testid="fake-payment-element" style="padding:12px;border:1px solid #d6d3d1;border-radius:12px">Tarjeta de prueba (Stripe simulado)</div>';
        setTimeout(() => emit("ready", { elementType: "payment" }), 0);
      },
      on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return element; },
      update(options) { record("element.update", [options]); },
      destroy() { record("destroy", []); },
      unmount() {}, focus() {}, blur() {}, clear() {}, collapse() {},
    };
    const elements = {
      create(type, options) { record("create", [type, options || null]); return element; },
      getElement() { return element; },
      update(options) { record("elements.update", [options]); },
      submit() { record("submit", []); return Promise.resolve({}); },
      fetchUpdates() { return Promise.resolve({}); },
    };
    return {
      elements(options) { record("elements", [options || null]); return elements; },
      confirmPayment(params) {
        record("confirmPayment", [{ clientSecret: params.clientSecret, redirect: params.redirect }]);
        const id = String(params.clientSecret).split("_secret_")[0];
        return window.__stripeSucceed(id).then(() => ({ paymentIntent: { id, status: "succeeded" } }));
      },
      createToken() { return Promise.resolve({}); },
      createPaymentMethod() { return Promise.resolve({}); },
      confirmCardPayment() { return Promise.resolve({}); },
      _registerWrapper() {},
      registerAppInfo() {},
    };
  };
})();
`;
