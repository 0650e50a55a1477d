import { AMIL_PIN, AMIL_PIN_ITERATIONS, AMIL_PIN_TRIES } from "@portal/domain";
import { writeDevice, type AmilSession, type DeviceRecord } from "../../lib/counter-store";
import type { CounterContext } from "./counter-context";
import type { CounterLabelKey } from "./labels";

// The counter page's amil section (issue 32, docs/counter.md): an amil signs in on the device online
// once (the console's sign-in, then the council's credential for them on this device), chooses a PIN
// kept here only as a slow salted hash, and reopens their session with it, online or not. Five wrong
// PINs lock their session until they sign in online again. Several amil may share the device.

export interface AmilSection {
  /** Show who is signed in now, or the ways in. */
  readonly draw: () => void;
}

const DEVICES_PATH = "/console/api/counter/devices";

const pinHash = async (pin: string, salt: Uint8Array, iterations: number) => {
  const base = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(pin),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt: new Uint8Array(salt), iterations },
      base,
      256,
    ),
  );
};
const same = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);
const expired = (session: { expiresAt: string }) => Date.parse(session.expiresAt) <= Date.now();

type Credential = { credential: string; amil: { id: string; name: string }; expiresAt: string };

/**
 * The council's credential for the officer signed in to the console in this browser, on this device;
 * or the words for why not. The console's session is ended after: a counter device is shared.
 */
const askCredential = async (deviceId: string): Promise<Credential | CounterLabelKey> => {
  const session = await fetch("/console/api/session", { credentials: "same-origin" });
  if (!session.ok) return "counter_amil_signed_out";
  const { data: info } = (await session.json()) as { data: { csrfToken: string } };
  const headers = { accept: "application/json", "x-console-csrf": info.csrfToken };
  const answer = await fetch(`${DEVICES_PATH}/${deviceId}?do=amil`, {
    method: "POST",
    credentials: "same-origin",
    headers,
  });
  if (answer.status === 401) return "counter_amil_signed_out";
  if (answer.status === 403) return "counter_amil_forbidden";
  if (answer.status === 409) return "counter_reason_device_revoked";
  const body = (await answer.json().catch(() => ({}))) as { data?: Credential };
  if (!answer.ok || !body.data) return "counter_amil_failed";
  await fetch("/console/sign-out", { method: "POST", credentials: "same-origin", headers }).catch(
    () => undefined,
  );
  return body.data;
};

export const startAmil = (ctx: CounterContext, onSignedIn: () => void): AmilSection => {
  const { $, t, problem } = ctx;
  const now = $("[data-counter-amil-now]");
  const choose = $("[data-counter-amil-choose]");
  const pinForm = $<HTMLFormElement>("[data-counter-pin-form]");
  const who = $<HTMLSelectElement>("[data-counter-amil-who]");
  const onlineForm = $<HTMLFormElement>("[data-counter-amil-form]");
  const setPinForm = $<HTMLFormElement>("[data-counter-setpin-form]");
  /** The credential just given, waiting for its PIN. */
  let pending: Credential | undefined;

  const sessions = () => ctx.record()?.amils ?? [];
  const save = async (record: DeviceRecord) => {
    await writeDevice({ ...record, amil: undefined });
    ctx.setRecord(record);
  };

  const draw = () => {
    const amil = ctx.record()?.amil;
    now.hidden = amil === undefined;
    choose.hidden = amil !== undefined;
    if (amil) now.querySelector("span")!.textContent = t("counter_amil_now", amil);
    const list = sessions();
    pinForm.hidden = list.length === 0 || pending !== undefined;
    onlineForm.hidden = pending !== undefined;
    setPinForm.hidden = pending === undefined;
    const chosen = who.value;
    who.replaceChildren(
      ...list.map((session) => {
        const option = document.createElement("option");
        option.value = session.id;
        option.textContent =
          session.failures >= AMIL_PIN_TRIES
            ? t("counter_amil_locked_option", { name: session.name })
            : session.name;
        return option;
      }),
    );
    if (list.some((session) => session.id === chosen)) who.value = chosen;
  };

  // --- Sign in online, once ---------------------------------------------------------------------
  onlineForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const record = ctx.record();
    if (!record) return;
    if (!navigator.onLine) return problem(onlineForm, t("counter_amil_offline"));
    const button = onlineForm.querySelector("button")!;
    button.disabled = true;
    void askCredential(record.device.id)
      .then((given) => {
        if (typeof given === "string") return problem(onlineForm, t(given));
        problem(onlineForm, "");
        pending = given;
        setPinForm.querySelector("[data-counter-setpin-who]")!.textContent = t(
          "counter_amil_signed_in",
          {
            name: given.amil.name,
            until: new Date(given.expiresAt).toLocaleString(document.documentElement.lang, {
              timeZone: "Asia/Singapore",
              dateStyle: "medium",
              timeStyle: "short",
            }),
          },
        );
        draw();
        setPinForm.querySelector("input")?.focus();
      })
      .catch(() => problem(onlineForm, t("counter_amil_failed")))
      .finally(() => {
        button.disabled = false;
      });
  });

  // --- Choose a PIN -------------------------------------------------------------------------------
  setPinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      const data = new FormData(setPinForm);
      const pin = String(data.get("pin") ?? "");
      const record = ctx.record();
      if (!pending || !record) return;
      if (!AMIL_PIN.test(pin)) return problem(setPinForm, t("counter_pin_invalid"));
      if (pin !== String(data.get("pinAgain") ?? ""))
        return problem(setPinForm, t("counter_pin_mismatch"));
      const salt = crypto.getRandomValues(new Uint8Array(16));
      const session: AmilSession = {
        id: pending.amil.id,
        name: pending.amil.name,
        credential: pending.credential,
        expiresAt: pending.expiresAt,
        salt,
        iterations: AMIL_PIN_ITERATIONS,
        hash: await pinHash(pin, salt, AMIL_PIN_ITERATIONS),
        failures: 0,
      };
      const amils = [...sessions().filter((one) => one.id !== session.id), session];
      const { id, name, credential } = session;
      await save({ ...record, amils, amil: { id, name, credential } });
      pending = undefined;
      setPinForm.reset();
      problem(setPinForm, "");
      ctx.drawDevice();
      onSignedIn();
    })();
  });
  $("[data-counter-setpin-cancel]").addEventListener("click", () => {
    pending = undefined;
    setPinForm.reset();
    problem(setPinForm, "");
    draw();
    onlineForm.querySelector("button")?.focus();
  });

  // --- Reopen with the PIN, online or not -------------------------------------------------------
  pinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    void (async () => {
      const record = ctx.record();
      const session = sessions().find((one) => one.id === who.value);
      const input = pinForm.querySelector<HTMLInputElement>("input[name=pin]")!;
      const pin = input.value;
      if (!record || !session) return;
      if (session.failures >= AMIL_PIN_TRIES) return problem(pinForm, t("counter_pin_locked"));
      if (expired(session)) return problem(pinForm, t("counter_amil_expired"));
      if (!AMIL_PIN.test(pin)) return problem(pinForm, t("counter_pin_invalid"));
      const button = pinForm.querySelector("button")!;
      button.disabled = true;
      const right = same(await pinHash(pin, session.salt, session.iterations), session.hash);
      button.disabled = false;
      input.value = "";
      const failures = right ? 0 : session.failures + 1;
      const amils = sessions().map((one) => (one.id === session.id ? { ...one, failures } : one));
      const { id, name, credential } = session;
      await save({ ...record, amils, amil: right ? { id, name, credential } : undefined });
      if (!right) {
        draw();
        return problem(
          pinForm,
          failures >= AMIL_PIN_TRIES
            ? t("counter_pin_locked")
            : t("counter_pin_wrong", { left: AMIL_PIN_TRIES - failures }),
        );
      }
      problem(pinForm, "");
      ctx.drawDevice();
      onSignedIn();
    })();
  });

  // --- Switch amil: close this session (the PIN opens it again) ---------------------------------
  $("[data-counter-amil-change]").addEventListener("click", () => {
    const record = ctx.record();
    if (!record) return;
    ctx.setRecord({ ...record, amil: undefined });
    ctx.drawDevice();
    (pinForm.hidden ? onlineForm : pinForm).querySelector<HTMLElement>("select, button")?.focus();
  });

  // A session whose credential ran out closes: what it took after would only be held.
  setInterval(() => {
    const record = ctx.record();
    const open = record?.amil;
    const session = sessions().find((one) => one.id === open?.id);
    if (record && session && expired(session)) {
      ctx.setRecord({ ...record, amil: undefined });
      ctx.drawDevice();
      problem(pinForm, t("counter_amil_expired"));
    }
  }, 60_000);

  return { draw };
};
