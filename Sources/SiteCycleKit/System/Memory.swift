#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advice to the kernel about the few large buffers a big journal needs.
package enum Memory {
    /// Readies a large buffer about to be filled in one go: its pages are
    /// made in one request, on huge pages where the kernel offers them,
    /// instead of one fault each while it is written (at 1,000,000 entries
    /// the faults were most of reading the file). Advice only: where the
    /// kernel does not know it, nothing changes.
    /// From 256 KB, where a request is cheaper than the faults (each page
    /// about half the cost); huge pages are asked for from 1 MB.
    package static func prepareForWriting(_ start: UnsafeMutableRawPointer, _ count: Int) {
        #if os(Linux)
        let page = 4096
        guard count >= 256 << 10 else { return }
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let last = (Int(bitPattern: start) + count) / page * page
        guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        if count >= 1 << 20 { _ = madvise(aligned, last - first, 14) }  // MADV_HUGEPAGE
        _ = madvise(aligned, last - first, 23)  // MADV_POPULATE_WRITE (Linux 5.14)
        #endif
    }
}

extension Array where Element: BitwiseCopyable {
    /// Room for `n` elements, its pages readied for the writes to come (see
    /// `Memory.prepareForWriting`).
    package mutating func reserveForWriting(_ n: Int) {
        reserveCapacity(n)
        let bytes = (capacity - count) * MemoryLayout<Element>.stride
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            Memory.prepareForWriting(UnsafeMutableRawPointer(base + buffer.count), bytes)
        }
    }
}
