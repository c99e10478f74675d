import UpdateCheckPlatform

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
    /// The error of the first failed write, or nil.
    package private(set) var failure: Errno?

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
        guard failure == nil else { return false }
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
        if failure == nil { failure = .badDescriptor }
    }

    /// Writes what is buffered; returns `false` once a write has failed.
    @discardableResult
    package func flush() -> Bool {
        guard failure == nil else { return false }
        let pending = count
        count = 0
        return writeAll(buffer, pending)
    }

    /// Copies `length` bytes from `source` starting at `start` (in the
    /// kernel where the system can, else through memory; the source's
    /// position does not matter); returns `false` once a write has failed.
    @discardableResult
    package func copy(from source: Int32, start: Int64, length: Int64) -> Bool {
        guard flush() else { return false }
        var position = start
        let end = start + length
        while position < end,
            let sent = System.copyInKernel(
                to: descriptor, from: source, at: position, count: Int(min(end - position, 1 << 30)))
        {
            position += Int64(sent)
            offset += Int64(sent)
        }
        while position < end {
            let wanted = Int(min(Int64(capacity), end - position))
            let got: Int
            do {
                got = try System.read(source, into: buffer, count: wanted, at: position)
            } catch {
                failure = error
                return false
            }
            guard got > 0 else {
                failure = .ioError
                return false
            }
            guard writeAll(buffer, got) else { return false }
            position += Int64(got)
            offset += Int64(got)
        }
        return true
    }

    private func writeAll(_ bytes: UnsafeRawPointer, _ length: Int) -> Bool {
        do {
            try System.writeAll(descriptor, bytes, count: length)
            return true
        } catch {
            failure = error
            return false
        }
    }
}
