import { describe, expect, it } from "vitest";
import { imageSrc } from "./image-src";

describe("imageSrc (SPEC.md section 3)", () => {
  it("when imageData is inline data, then it wins over imageUrl", () => {
    expect(imageSrc({ imageData: "data:image/png;base64,AAA", imageUrl: "https://x.test/a.jpg" })).toBe(
      "data:image/png;base64,AAA",
    );
  });

  it("when the value is an http(s) or data URL, then it is used as is", () => {
    expect(imageSrc({ imageUrl: "https://cdn.test/court.jpg" })).toBe("https://cdn.test/court.jpg");
    expect(imageSrc({ imageUrl: "http://cdn.test/court.jpg" })).toBe("http://cdn.test/court.jpg");
    expect(imageSrc({ imageUrl: "data:image/webp;base64,BBB" })).toBe("data:image/webp;base64,BBB");
  });

  it("when the value starts with a slash, then it is a same-origin path (no bucket here)", () => {
    expect(imageSrc({ imageUrl: "/api/images/abc" })).toBe("/api/images/abc");
    expect(imageSrc({ imageUrl: "//objects/venue.png" })).toBe("/objects/venue.png");
  });

  it("when the value is anything else, then it is an image id served by /api/images/{id}", () => {
    expect(imageSrc({ imageData: "0190c3e4-aaaa" })).toBe("/api/images/0190c3e4-aaaa");
    expect(imageSrc({ imageUrl: "some id" })).toBe("/api/images/some%20id");
  });

  it("when an uploaded image id and an older URL are both present, then the upload wins", () => {
    expect(imageSrc({ imageData: "img-1", imageUrl: "https://old.test/x.jpg" })).toBe("/api/images/img-1");
  });

  it("when there is nothing, then there is no image", () => {
    expect(imageSrc({})).toBeUndefined();
    expect(imageSrc({ imageData: null, imageUrl: null })).toBeUndefined();
    expect(imageSrc({ imageData: "  ", imageUrl: "" })).toBeUndefined();
  });
});
