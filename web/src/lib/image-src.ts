// The rule lives in core: the server names the same picture in a venue page's preload link.
export { imageSrc, type ImageFields } from "@courts/core";
