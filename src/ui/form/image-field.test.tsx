import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ImageField } from "./image-field";

vi.mock("../image/compress-photo", () => ({
  UnreadablePhotoError: class UnreadablePhotoError extends Error {},
  compressPhoto: (file: File) =>
    file.name === "broken.jpg"
      ? Promise.reject(new Error("decode failed"))
      : Promise.resolve(new Blob(["jpeg"], { type: "image/jpeg" })),
}));

function mount(onChange: (image: Blob | null) => void, error: string | null = null) {
  render(
    <ImageField
      legend="Photo"
      hint="The whole document"
      pickers={[
        { label: "Take a photo", capture: "environment", testId: "camera" },
        { label: "Choose a file", testId: "file" },
      ]}
      reading="Preparing…"
      previewAlt="Preview"
      previewTestId="preview"
      readErrors={{ unreadable: "Not an image", failed: "Could not prepare it" }}
      onChange={onChange}
      error={error}
    />,
  );
}

async function pick(testId: string, name: string) {
  const input = screen.getByTestId(testId);
  const file = new File(["x"], name, { type: "image/jpeg" });
  Object.defineProperty(input, "files", { value: [file], configurable: true });
  await act(async () => fireEvent.change(input));
}

describe("<ImageField>", () => {
  beforeAll(() => {
    URL.createObjectURL = () => "blob:preview";
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(cleanup);

  it("labels each picker; the camera one asks for the back camera", () => {
    mount(() => undefined);
    expect(screen.getByLabelText("Take a photo").getAttribute("capture")).toBe("environment");
    expect(screen.getByLabelText("Choose a file").getAttribute("capture")).toBeNull();
    expect(screen.getByTestId("file").getAttribute("accept")).toBe(
      "image/jpeg,image/png,image/webp",
    );
  });

  it("hands the compressed image over and previews it", async () => {
    const images: (Blob | null)[] = [];
    mount((image) => images.push(image));
    await pick("file", "id.jpg");
    expect(images).toHaveLength(1);
    expect(images[0]?.type).toBe("image/jpeg");
    expect(screen.getByTestId("preview").getAttribute("src")).toBe("blob:preview");
  });

  it("says in its own words when a file cannot be prepared, as an alert the fieldset names", async () => {
    const images: (Blob | null)[] = [];
    mount((image) => images.push(image));
    await pick("camera", "broken.jpg");
    expect(images).toEqual([null]);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("Could not prepare it");
    expect(screen.getByRole("group").getAttribute("aria-describedby")).toBe(alert.id);
  });

  it("shows the form's error when there is no reading error", () => {
    mount(() => undefined, "Please add a photo");
    expect(screen.getByRole("alert").textContent).toBe("Please add a photo");
  });
});
