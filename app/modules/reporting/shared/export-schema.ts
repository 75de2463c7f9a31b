// The seller's orders export: a range of UTC days, both ends included (YYYY-MM-DD, as a date input sends it).
import { z } from "zod";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayField(which: "start" | "end") {
  const message = `Please give the ${which} date as YYYY-MM-DD.`;
  return z
    .string({ error: message })
    .trim()
    .regex(DAY, message)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, message)
    .optional();
}

export const orderExportSchema = z.object({ from: dayField("start"), to: dayField("end") });
