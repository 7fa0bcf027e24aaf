// A still picture as an MP4 video (H.264 Baseline), for the sample courses' lesson files. There is
// no pure-JavaScript H.264 encoder to use, and a still needs very little of one: the first frame
// sends every macroblock uncompressed (I_PCM), each later frame skips every macroblock (P_Skip,
// "same as before"). The syntax is that of ITU-T H.264 sections 7.3 and 7.4, the file that of
// ISO/IEC 14496-12 and -15. The output depends only on the input (the file's creation time is left
// at zero, "unknown"), so the same product always gives the same bytes.

export interface RgbImage {
  /** Width and height in pixels, both even. */
  width: number;
  height: number;
  /** 3 bytes per pixel (R, G, B), rows top to bottom. */
  data: Uint8Array;
}

const PROFILE_BASELINE = 66;
const CONSTRAINED_BASELINE_FLAGS = 0xc0; // constraint_set0 and constraint_set1
const LEVEL_3 = 30; // up to 1,620 macroblocks a frame: 720x576
const MAX_MACROBLOCKS = 1620;
const LOG2_MAX_FRAME_NUM = 4;
const I_PCM = 25; // mb_type of an uncompressed macroblock in an I slice (Table 7-11)

/** H.264's bit-level writer: fixed-width fields and Exp-Golomb codes (section 9.1). */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  bits(value: number, count: number) {
    for (let bit = count - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >>> bit) & 1);
      if (++this.filled === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.filled = 0;
      }
    }
    return this;
  }

  flag(value: boolean) {
    return this.bits(value ? 1 : 0, 1);
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(value: number) {
    const coded = value + 1;
    const length = 32 - Math.clz32(coded);
    return this.bits(0, length - 1).bits(coded, length);
  }

  /** se(v): signed Exp-Golomb. */
  se(value: number) {
    return this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  /** Zero bits up to the next byte boundary (pcm_alignment_zero_bit). */
  align() {
    while (this.filled !== 0) this.bits(0, 1);
    return this;
  }

  /** Whole bytes, written when aligned. */
  raw(bytes: Uint8Array) {
    for (const byte of bytes) this.bytes.push(byte);
    return this;
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  finish(): Uint8Array {
    this.bits(1, 1).align();
    return Uint8Array.from(this.bytes);
  }
}

/**
 * A NAL unit: its one-byte header, then the payload with an emulation prevention byte (0x03) put
 * after every two zero bytes that a byte of 0 to 3 follows, so no start code appears inside it.
 */
function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out = [(refIdc << 5) | type];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

interface Geometry {
  widthMbs: number;
  heightMbs: number;
  cropBottom: number; // in 2-pixel units (4:2:0)
  cropRight: number;
}

function sequenceParameterSet({ widthMbs, heightMbs, cropBottom, cropRight }: Geometry): Uint8Array {
  const sps = new BitWriter()
    .bits(PROFILE_BASELINE, 8)
    .bits(CONSTRAINED_BASELINE_FLAGS, 8)
    .bits(LEVEL_3, 8)
    .ue(0) // seq_parameter_set_id
    .ue(LOG2_MAX_FRAME_NUM - 4)
    .ue(2) // pic_order_cnt_type 2: display order is decoding order
    .ue(1) // max_num_ref_frames
    .flag(false) // gaps_in_frame_num_value_allowed_flag
    .ue(widthMbs - 1)
    .ue(heightMbs - 1)
    .flag(true) // frame_mbs_only_flag
    .flag(true); // direct_8x8_inference_flag
  const cropped = cropBottom > 0 || cropRight > 0;
  sps.flag(cropped);
  if (cropped) sps.ue(0).ue(cropRight).ue(0).ue(cropBottom);
  // VUI: BT.709 colours in limited range, the conversion below, so players need not guess.
  sps
    .flag(true) // vui_parameters_present_flag
    .flag(false) // aspect_ratio_info_present_flag
    .flag(false) // overscan_info_present_flag
    .flag(true) // video_signal_type_present_flag
    .bits(5, 3) // video_format: unspecified
    .flag(false) // video_full_range_flag
    .flag(true) // colour_description_present_flag
    .bits(1, 8) // colour_primaries: BT.709
    .bits(1, 8) // transfer_characteristics: BT.709
    .bits(1, 8) // matrix_coefficients: BT.709
    .flag(false) // chroma_loc_info_present_flag
    .flag(false) // timing_info_present_flag (the MP4 has the timing)
    .flag(false) // nal_hrd_parameters_present_flag
    .flag(false) // vcl_hrd_parameters_present_flag
    .flag(false) // pic_struct_present_flag
    .flag(false); // bitstream_restriction_flag
  return nalUnit(3, 7, sps.finish());
}

function pictureParameterSet(): Uint8Array {
  const pps = new BitWriter()
    .ue(0) // pic_parameter_set_id
    .ue(0) // seq_parameter_set_id
    .flag(false) // entropy_coding_mode_flag: CAVLC
    .flag(false) // bottom_field_pic_order_in_frame_present_flag
    .ue(0) // num_slice_groups_minus1
    .ue(0) // num_ref_idx_l0_default_active_minus1
    .ue(0) // num_ref_idx_l1_default_active_minus1
    .flag(false) // weighted_pred_flag
    .bits(0, 2) // weighted_bipred_idc
    .se(0) // pic_init_qp_minus26
    .se(0) // pic_init_qs_minus26
    .se(0) // chroma_qp_index_offset
    .flag(true) // deblocking_filter_control_present_flag: slices turn the filter off
    .flag(false) // constrained_intra_pred_flag
    .flag(false); // redundant_pic_cnt_present_flag
  return nalUnit(3, 8, pps.finish());
}

/** The first frame: an IDR picture of I_PCM macroblocks, the samples as they are. */
function idrFrame(yuv: Yuv420, { widthMbs, heightMbs }: Geometry): Uint8Array {
  const slice = new BitWriter()
    .ue(0) // first_mb_in_slice
    .ue(7) // slice_type: I (and every slice of the picture)
    .ue(0) // pic_parameter_set_id
    .bits(0, LOG2_MAX_FRAME_NUM) // frame_num
    .ue(0) // idr_pic_id
    .flag(false) // no_output_of_prior_pics_flag
    .flag(false) // long_term_reference_flag
    .se(0) // slice_qp_delta
    .ue(1); // disable_deblocking_filter_idc
  const luma = new Uint8Array(256);
  const cb = new Uint8Array(64);
  const cr = new Uint8Array(64);
  for (let mbY = 0; mbY < heightMbs; mbY++) {
    for (let mbX = 0; mbX < widthMbs; mbX++) {
      for (let row = 0; row < 16; row++) {
        for (let col = 0; col < 16; col++) luma[row * 16 + col] = yuv.y(mbX * 16 + col, mbY * 16 + row);
      }
      for (let row = 0; row < 8; row++) {
        for (let col = 0; col < 8; col++) {
          cb[row * 8 + col] = yuv.cb(mbX * 8 + col, mbY * 8 + row);
          cr[row * 8 + col] = yuv.cr(mbX * 8 + col, mbY * 8 + row);
        }
      }
      slice.ue(I_PCM).align().raw(luma).raw(cb).raw(cr);
    }
  }
  return nalUnit(3, 5, slice.finish());
}

/** A later frame: a P picture whose every macroblock is skipped, so it shows the frame before it. */
function repeatFrame(frameNum: number, { widthMbs, heightMbs }: Geometry): Uint8Array {
  const slice = new BitWriter()
    .ue(0) // first_mb_in_slice
    .ue(5) // slice_type: P (and every slice of the picture)
    .ue(0) // pic_parameter_set_id
    .bits(frameNum % 2 ** LOG2_MAX_FRAME_NUM, LOG2_MAX_FRAME_NUM)
    .flag(false) // num_ref_idx_active_override_flag
    .flag(false) // ref_pic_list_modification_flag_l0
    .flag(false) // adaptive_ref_pic_marking_mode_flag: sliding window
    .se(0) // slice_qp_delta
    .ue(1) // disable_deblocking_filter_idc
    .ue(widthMbs * heightMbs); // mb_skip_run: all of them
  // A reference picture (nal_ref_idc 2): two non-reference frames in a row are not allowed with
  // pic_order_cnt_type 2.
  return nalUnit(2, 1, slice.finish());
}

interface Yuv420 {
  y(x: number, y: number): number;
  cb(x: number, y: number): number;
  cr(x: number, y: number): number;
}

/**
 * BT.709 limited-range Y'CbCr, chroma averaged over 2x2 pixels. Pixels past the picture's edge
 * (the macroblock padding the SPS crops away) repeat the edge.
 */
function toYuv420(image: RgbImage): Yuv420 {
  const { width, height, data } = image;
  const at = (x: number, y: number) => (Math.min(y, height - 1) * width + Math.min(x, width - 1)) * 3;
  const clamp = (value: number) => Math.max(1, Math.min(254, Math.round(value)));
  const chroma = (x: number, y: number, weights: readonly [number, number, number]) => {
    let sum = 0;
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ] as const) {
      const i = at(2 * x + dx, 2 * y + dy);
      sum += weights[0] * data[i]! + weights[1] * data[i + 1]! + weights[2] * data[i + 2]!;
    }
    return clamp(128 + ((sum / 4) * 224) / 255);
  };
  return {
    y: (x, y) => {
      const i = at(x, y);
      return clamp(16 + ((0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!) * 219) / 255);
    },
    cb: (x, y) => chroma(x, y, [-0.1146, -0.3854, 0.5]),
    cr: (x, y) => chroma(x, y, [0.5, -0.4542, -0.0458]),
  };
}

/** The avcC record an MP4 keeps the parameter sets in (ISO/IEC 14496-15, 5.3.3.1). */
function avcDecoderConfiguration(sps: Uint8Array, pps: Uint8Array): Uint8Array {
  return Uint8Array.from([
    1, // configurationVersion
    PROFILE_BASELINE,
    CONSTRAINED_BASELINE_FLAGS,
    LEVEL_3,
    0xff, // lengthSizeMinusOne = 3: 4-byte NAL unit lengths
    0xe1, // one SPS
    sps.length >> 8,
    sps.length & 0xff,
    ...sps,
    1, // one PPS
    pps.length >> 8,
    pps.length & 0xff,
    ...pps,
  ]);
}

/** An MP4 sample: each NAL unit preceded by its length in 4 bytes. */
function sample(...units: Uint8Array[]): Uint8Array {
  return concat(units.flatMap((unit) => [u32(unit.length), unit]));
}

// ISO base media file format boxes: a 4-byte size, a 4-byte type, then the content.

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const u8 = (...values: number[]) => Uint8Array.from(values);
const u16 = (value: number) => u8(value >>> 8, value & 0xff);
const u32 = (value: number) => u8(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
const zeros = (count: number) => new Uint8Array(count);
const text = (value: string) => Uint8Array.from(value, (char) => char.charCodeAt(0));
// The identity transformation, in 16.16 and 2.30 fixed point.
const MATRIX = concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const body = concat(content);
  return concat([u32(8 + body.length), text(type), body]);
}

function fullBox(type: string, flags: number, ...content: Uint8Array[]): Uint8Array {
  return box(type, u32(flags), ...content); // version 0
}

const TIMESCALE = 1000; // milliseconds, for the movie and the track

function movieBox(geometry: { width: number; height: number }, avcC: Uint8Array, sizes: number[], dataOffset: number) {
  const { width, height } = geometry;
  const duration = sizes.length * TIMESCALE;
  const sampleEntry = box(
    "avc1",
    zeros(6), // reserved
    u16(1), // data_reference_index
    zeros(16), // pre_defined and reserved
    u16(width),
    u16(height),
    u32(0x00480000), // 72 dpi
    u32(0x00480000),
    zeros(4),
    u16(1), // frame_count
    zeros(32), // compressorname
    u16(0x18), // depth: colour
    u16(0xffff), // pre_defined: -1
    box("avcC", avcC),
  );
  const sampleTable = box(
    "stbl",
    fullBox("stsd", 0, u32(1), sampleEntry),
    fullBox("stts", 0, u32(1), u32(sizes.length), u32(TIMESCALE)), // every frame a second
    fullBox("stss", 0, u32(1), u32(1)), // the first frame is the only key frame
    fullBox("stsc", 0, u32(1), u32(1), u32(sizes.length), u32(1)), // one chunk with every sample
    fullBox("stsz", 0, u32(0), u32(sizes.length), ...sizes.map(u32)),
    fullBox("stco", 0, u32(1), u32(dataOffset)),
  );
  const media = box(
    "mdia",
    fullBox("mdhd", 0, u32(0), u32(0), u32(TIMESCALE), u32(duration), u16(0x55c4 /* "und" */), u16(0)),
    fullBox("hdlr", 0, u32(0), text("vide"), zeros(12), text("VideoHandler\0")),
    box("minf", fullBox("vmhd", 1, zeros(8)), box("dinf", fullBox("dref", 0, u32(1), fullBox("url ", 1))), sampleTable),
  );
  return box(
    "moov",
    fullBox(
      "mvhd",
      0,
      u32(0),
      u32(0),
      u32(TIMESCALE),
      u32(duration),
      u32(0x10000),
      u16(0x100),
      zeros(10),
      MATRIX,
      zeros(24),
      u32(2),
    ),
    box(
      "trak",
      // flags 3: enabled, in the movie; layer, group and volume 0; the picture's size in 16.16
      fullBox(
        "tkhd",
        3,
        u32(0),
        u32(0),
        u32(1),
        zeros(4),
        u32(duration),
        zeros(16),
        MATRIX,
        u32(width << 16),
        u32(height << 16),
      ),
      media,
    ),
  );
}

/** `image` shown for `seconds` (whole seconds, one frame each) as an MP4 file. */
export function stillVideoMp4(image: RgbImage, seconds: number): Buffer {
  const { width, height } = image;
  if (width % 2 || height % 2) throw new RangeError("The picture's width and height must be even.");
  const geometry: Geometry = {
    widthMbs: Math.ceil(width / 16),
    heightMbs: Math.ceil(height / 16),
    cropRight: (Math.ceil(width / 16) * 16 - width) / 2,
    cropBottom: (Math.ceil(height / 16) * 16 - height) / 2,
  };
  if (geometry.widthMbs * geometry.heightMbs > MAX_MACROBLOCKS) throw new RangeError("The picture is too large.");
  if (!Number.isInteger(seconds) || seconds < 1) throw new RangeError("The length is a whole number of seconds.");

  const avcC = avcDecoderConfiguration(sequenceParameterSet(geometry), pictureParameterSet());
  const samples = [sample(idrFrame(toYuv420(image), geometry))];
  for (let frame = 1; frame < seconds; frame++) samples.push(sample(repeatFrame(frame, geometry)));
  const sizes = samples.map((one) => one.length);

  const fileType = box("ftyp", text("isom"), u32(0x200), text("isomiso2avc1mp41"));
  // The movie box goes first ("fast start"), so its size, which does not depend on the offset it
  // holds, tells where the samples begin.
  const moovSize = movieBox(image, avcC, sizes, 0).length;
  const moov = movieBox(image, avcC, sizes, fileType.length + moovSize + 8);
  return Buffer.from(concat([fileType, moov, box("mdat", ...samples)]));
}
