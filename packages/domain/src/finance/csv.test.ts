import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, and ends lines with CRLF", () => {
    expect(csvLine(["a", 'b "c"', "d,e", "f\ng", null, 12])).toBe(
      'a,"b ""c""","d,e","f\ng",,12\r\n',
    );
  });

  it("a typed formula reaches the spreadsheet as text; a negative amount stays a number", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+65 9123")).toBe("'+65 9123");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(-5)).toBe("-5");
  });
});
