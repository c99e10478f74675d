#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer onto a file descriptor that remembers the first error.
///
/// libxml2's output buffer hands its bytes here in small pieces; they are
/// collected into 256 KiB blocks so that a large report costs few system
/// calls. The descriptor is owned by the caller.
package final class FileOutput {
    /// The descriptor written to.
    package let descriptor: Int32
    /// Bytes handed to this output so far (buffered or written).
    package private(set) var offset: Int64 = 0
    /// The `errno` of the first failed write, or 0.
    package private(set) var failure: Int32 = 0

    private let capacity = 256 << 10
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0

    /// Creates an output onto `descriptor`.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Appends `length` bytes; returns `false` once a write has failed.
    @discardableResult
    package func append(_ bytes: UnsafeRawPointer, _ length: Int) -> Bool {
        guard failure == 0 else { return false }
        offset += Int64(length)
        if count + length > capacity {
            guard flush() else { return false }
            if length >= capacity { return writeAll(bytes, length) }
        }
        (buffer + count).update(from: bytes.assumingMemoryBound(to: UInt8.self), count: length)
        count += length
        return true
    }

    /// Appends the bytes of `text`.
    @discardableResult
    package func append(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { append($0.baseAddress!, $0.count) }
    }

    /// Stops writing: later bytes are dropped, so that nothing reaches the
    /// descriptor once its owner has closed it (its number may be reused).
    package func detach() {
        count = 0
        if failure == 0 { failure = EBADF }
    }

    /// Writes what is buffered; returns `false` once a write has failed.
    @discardableResult
    package func flush() -> Bool {
        guard failure == 0 else { return false }
        let pending = count
        count = 0
        return writeAll(buffer, pending)
    }

    /// Copies `length` bytes from `source` starting at `start` (with
    /// `sendfile` on Linux, else `pread`; the source's position does not matter).
    package func copy(from source: Int32, start: Int64, length: Int64) -> Bool {
        guard flush() else { return false }
        var position = start
        let end = start + length
        #if os(Linux)
            // In the kernel, without copying through this process.
            var sourceOffset = off_t(start)
            while position < end {
                let sent = sendfile(descriptor, source, &sourceOffset, Int(min(end - position, 1 << 30)))
                if sent < 0, errno == EINTR { continue }
                if sent <= 0 { break }  // not supported here: fall back on read and write
                position += Int64(sent)
                offset += Int64(sent)
            }
        #endif
        while position < end {
            let wanted = Int(min(Int64(capacity), end - position))
            let got = pread(source, buffer, wanted, off_t(position))
            if got < 0, errno == EINTR { continue }
            guard got > 0 else {
                failure = got == 0 ? EIO : errno
                return false
            }
            guard writeAll(buffer, got) else { return false }
            position += Int64(got)
            offset += Int64(got)
        }
        return true
    }

    private func writeAll(_ bytes: UnsafeRawPointer, _ length: Int) -> Bool {
        var done = 0
        while done < length {
            let result = write(descriptor, bytes + done, length - done)
            if result < 0 {
                if errno == EINTR { continue }
                failure = errno
                return false
            }
            done += result
        }
        return true
    }
}
