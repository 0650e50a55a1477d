import { describe, expect, it } from "vitest";
import { sessionBridgeWith } from "./bridge";

const never = () => new Promise<string>(() => {});

describe("the accounts bundle's bridge, for a page that may have a signed-in donor", () => {
  it("a guest (no session in the tab) gets none at once and never waits for the bundle", async () => {
    let waited = false;
    const bridge = await sessionBridgeWith({
      published: () => undefined,
      sessionInTab: () => Promise.resolve(false),
      booted: () => {
        waited = true;
        return never();
      },
      wait: 60_000,
    });
    expect(bridge).toBeUndefined();
    expect(waited).toBe(false);
  });

  it("a bundle already booted (a popup opened on the page) is used, session or not", async () => {
    const bridge = await sessionBridgeWith({
      published: () => "booted",
      sessionInTab: () => Promise.resolve(false),
      booted: never,
      wait: 10,
    });
    expect(bridge).toBe("booted");
  });

  it("a session in the tab waits for the bundle the header is loading", async () => {
    const bridge = await sessionBridgeWith({
      published: () => undefined,
      sessionInTab: () => Promise.resolve(true),
      booted: () => new Promise((resolve) => setTimeout(() => resolve("late"), 20)),
      wait: 5_000,
    });
    expect(bridge).toBe("late");
  });

  it("waits for the header's answer; a bundle booted meanwhile is used", async () => {
    let booted: string | undefined;
    const bridge = await sessionBridgeWith({
      published: () => booted,
      sessionInTab: () =>
        new Promise((resolve) =>
          setTimeout(() => {
            booted = "popup";
            resolve(false);
          }, 20),
        ),
      booted: never,
      wait: 5_000,
    });
    expect(bridge).toBe("popup");
  });

  it("a bundle that never boots fails the call rather than making it a guest's", async () => {
    await expect(
      sessionBridgeWith({
        published: () => undefined,
        sessionInTab: () => Promise.resolve(true),
        booted: never,
        wait: 20,
      }),
    ).rejects.toThrow("did not load");
    // Nor a header that never answers.
    await expect(
      sessionBridgeWith({
        published: () => undefined,
        sessionInTab: () => new Promise<boolean>(() => {}),
        booted: never,
        wait: 20,
      }),
    ).rejects.toThrow("did not load");
  });
});
