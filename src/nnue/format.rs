//! The network file: a header that says what the network was trained for, then each
//! weight tensor as 16-bit integers with one float scale (half the size of floats, and
//! the scale keeps the largest weight's precision: a weight moves by at most 1/65,534 of
//! its tensor's range).
//!
//! Layout, little-endian: `KIRINNET`, version (u32), kinds, files, ranks, the king zones
//! across and up the board (version 2; version 1 files have none), hidden, and
//! whether it adds to the hand-written evaluation (1) or replaces it (0) (u32 each), the
//! length of the piece signature (u32) and its bytes, then for `w1`, `b1` and `w2` a
//! scale (f32) and the integers (i16), and `b2` (f32).

use super::{Features, MAX_HIDDEN, Network};

const MAGIC: &[u8; 8] = b"KIRINNET";
const VERSION: u32 = 2;
/// The first version, without king zones: still read.
const VERSION_WITHOUT_ZONES: u32 = 1;

fn put_u32(out: &mut Vec<u8>, x: u32) {
    out.extend_from_slice(&x.to_le_bytes());
}

/// What one unit of a tensor's 16-bit integers is worth: its largest weight is 32,767.
pub fn i16_scale(w: &[f32]) -> f32 {
    let max = w.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    if max > 0.0 { max / 32767.0 } else { 1.0 }
}

fn put_tensor(out: &mut Vec<u8>, w: &[f32]) {
    let scale = i16_scale(w);
    out.extend_from_slice(&scale.to_le_bytes());
    for x in w {
        out.extend_from_slice(&((x / scale).round().clamp(-32767.0, 32767.0) as i16).to_le_bytes());
    }
}

/// The file's bytes for `net`.
pub fn write(net: &Network) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + 2 * net.w1.len());
    out.extend_from_slice(MAGIC);
    put_u32(&mut out, VERSION);
    let f = &net.features;
    for x in [f.kinds, f.files, f.ranks, f.king_files, f.king_ranks, net.hidden, usize::from(net.adds_to_eval)] {
        put_u32(&mut out, x as u32);
    }
    put_u32(&mut out, net.pieces.len() as u32);
    out.extend_from_slice(net.pieces.as_bytes());
    put_tensor(&mut out, &net.w1);
    put_tensor(&mut out, &net.b1);
    put_tensor(&mut out, &net.w2);
    out.extend_from_slice(&net.b2.to_le_bytes());
    out
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or("the file ends early")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().map_err(|_| "the file ends early")?))
    }

    fn f32(&mut self) -> Result<f32, String> {
        let x = f32::from_le_bytes(self.take(4)?.try_into().map_err(|_| "the file ends early")?);
        if x.is_finite() { Ok(x) } else { Err("a weight is not a number".into()) }
    }

    fn tensor(&mut self, n: usize) -> Result<Vec<f32>, String> {
        let scale = self.f32()?;
        let raw = self.take(n.checked_mul(2).ok_or("the network is too large")?)?;
        Ok(raw.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]]) as f32 * scale).collect())
    }
}

/// The network in `bytes`; an error says what is wrong with the file.
pub fn read(bytes: &[u8]) -> Result<Network, String> {
    let mut r = Reader { bytes, at: 0 };
    if r.take(8).ok() != Some(&MAGIC[..]) {
        return Err("not a Kirin network file".into());
    }
    let version = r.u32()?;
    if version != VERSION && version != VERSION_WITHOUT_ZONES {
        return Err(format!("network file version {version}, this build reads {VERSION_WITHOUT_ZONES} and {VERSION}"));
    }
    let (kinds, files, ranks) = (r.u32()? as usize, r.u32()? as usize, r.u32()? as usize);
    let (king_files, king_ranks) =
        if version == VERSION_WITHOUT_ZONES { (1, 1) } else { (r.u32()? as usize, r.u32()? as usize) };
    let hidden = r.u32()? as usize;
    if !(1..=64).contains(&kinds) || !(1..=16).contains(&files) || !(1..=16).contains(&ranks) {
        return Err(format!("a network for {kinds} piece types on {files}x{ranks} is not possible"));
    }
    if !(1..=MAX_HIDDEN).contains(&hidden) {
        return Err(format!("{hidden} hidden units (at most {MAX_HIDDEN})"));
    }
    let adds_to_eval = match r.u32()? {
        0 => false,
        1 => true,
        x => return Err(format!("unknown network kind {x}")),
    };
    let len = r.u32()? as usize;
    let pieces = String::from_utf8(r.take(len)?.to_vec()).map_err(|_| "the piece signature is not text")?;
    let features = Features { kinds, files, ranks, king_files, king_ranks };
    features.check_zones()?;
    let w1 = r.tensor(features.inputs() * hidden)?;
    let b1 = r.tensor(hidden)?;
    let w2 = r.tensor(2 * hidden)?;
    let b2 = r.f32()?;
    if r.at != bytes.len() {
        return Err("the file goes on after the network".into());
    }
    let mut net = Network { features, pieces, hidden, w1, b1, w2, b2, adds_to_eval, quantized: Default::default() };
    net.quantize();
    Ok(net)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Network {
        let features = Features { kinds: 2, files: 3, ranks: 2, king_files: 1, king_ranks: 1 };
        let hidden = 4;
        let w1 = (0..features.inputs() * hidden).map(|i| (i as f32 * 0.37).sin()).collect();
        Network {
            features,
            pieces: "K P".into(),
            hidden,
            w1,
            b1: vec![0.1, -0.2, 0.3, 0.0],
            w2: vec![0.5; 8],
            b2: -0.25,
            adds_to_eval: true,
            quantized: Default::default(),
        }
    }

    #[test]
    fn a_network_survives_the_file_within_its_precision() {
        let net = small();
        let back = read(&write(&net)).unwrap();
        assert_eq!((back.features.clone(), back.hidden, back.pieces.as_str()), (net.features.clone(), 4, "K P"));
        for (a, b) in net.w1.iter().zip(&back.w1).chain(net.b1.iter().zip(&back.b1)).chain(net.w2.iter().zip(&back.w2))
        {
            assert!((a - b).abs() < 1e-4, "{a} {b}");
        }
        assert_eq!((back.b2, back.adds_to_eval), (-0.25, true));
    }

    #[test]
    fn king_zones_survive_the_file_and_first_version_files_have_none() {
        let mut net = small();
        net.features.king_files = 3;
        net.features.king_ranks = 2;
        net.w1 = (0..net.features.inputs() * net.hidden).map(|i| (i as f32 * 0.11).cos()).collect();
        let back = read(&write(&net)).unwrap();
        assert_eq!(back.features, net.features);
        assert_eq!(back.w1.len(), 6 * 24 * 4);
        // The same network without zones, written as version 1 was: no zone fields.
        let plain = small();
        let mut v1 = write(&plain);
        v1[8..12].copy_from_slice(&VERSION_WITHOUT_ZONES.to_le_bytes());
        v1.drain(24..32);
        let back = read(&v1).unwrap();
        assert_eq!((back.features.king_files, back.features.king_ranks, back.hidden), (1, 1, 4));
        assert_eq!(back.w1, read(&write(&plain)).unwrap().w1);
    }

    #[test]
    fn broken_files_are_refused_with_a_reason() {
        let bytes = write(&small());
        assert!(read(b"nonsense").unwrap_err().contains("not a Kirin network"));
        assert!(read(&bytes[..bytes.len() - 3]).unwrap_err().contains("ends early"));
        let mut long = bytes.clone();
        long.push(0);
        assert!(read(&long).unwrap_err().contains("goes on"));
        let mut huge = bytes.clone();
        huge[32..36].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(read(&huge).unwrap_err().contains("hidden units"));
        let mut zones = bytes.clone();
        zones[24..28].copy_from_slice(&4u32.to_le_bytes());
        assert!(read(&zones).unwrap_err().contains("king zones"));
        for cut in 0..bytes.len() {
            assert!(read(&bytes[..cut]).is_err());
        }
    }
}
