import type ExcelJS from "exceljs";
import type Sharp from "sharp";

/**
 * Libraries only a few requests need (an uploaded picture, a spreadsheet in or out), loaded on
 * first use: imported at start they held ~50 MiB of every server's memory (issue #32), though
 * most instances never touch them.
 */

let sharpLoading: Promise<typeof Sharp> | undefined;
let excelLoading: Promise<typeof ExcelJS> | undefined;

/**
 * sharp, with libvips told to use one thread: on a two-core machine the other core keeps answering
 * pages while a photo is encoded (sharp's work runs off the event loop, on libuv's pool).
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  }));
}

export function loadExcel(): Promise<typeof ExcelJS> {
  return (excelLoading ??= import("exceljs").then((module) => module.default));
}
