/** Demo catalog models the tests count on, one per kind of product (demo/ holds them). */
export const DEMO_KNOWN_MODELS = {
  dome: "VNT-D4M-AI28",
  bullet: "VNT-B4M-AIZ",
  lpr: "VNT-B5M-LPR",
  ptz: "VNT-P8M-42X",
  fisheye: "VNT-F12M-360",
  thermal: "VNT-TH640-PTZ",
  recorder: "VNT-N16-P16",
  accessory: "VNT-AC-JB1",
  /** Specs stored as a table instead of text. */
  withSpecsTable: "VNT-D5M-AI40",
  notNdaa: "VNT-D2M-V28",
} as const;
