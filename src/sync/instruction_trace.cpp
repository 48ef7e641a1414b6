#include "ptosim/sync/instruction_trace.hpp"

#include <cstring>
#include <ostream>
#include <sstream>

#include "ptosim/core/exec_context.hpp"
#include "ptosim/core/float16.hpp"
#include "ptosim/sync/hazards.hpp"

namespace ptosim::itrace {

std::atomic<bool> g_on{false};

namespace {

struct ThreadTrace {
    std::vector<InstructionTraceRecord> records;
    uint64_t next_sequence = 0;
    InstructionTraceRecord current;  // the outermost instruction running now
    int depth = 0;
};

ThreadTrace& mine() {
    thread_local ThreadTrace t;
    return t;
}

// A tile layout as pto-isa's trace spells it: ND / DN for the plain layouts, else the outer and inner order
// of the boxes and the box size in bytes.
std::string layout_name(const TileView& t) {
    const Layout& l = t.layout;
    if (l.is_row_major())
        return "ND";
    if (l.is_col_major())
        return "DN";
    std::string s;
    if (!l.boxes_row_major())
        s = "outer=col_major,";
    s += l.inner_row_major() ? "inner=row_major" : "inner=col_major";
    s += ",fractal_size=" +
         std::to_string(static_cast<std::size_t>(l.inner_rows) * l.inner_cols * t.elem_size());
    return s;
}

const char* global_layout_name(GlobalLayout l) {
    switch (l) {
        case GlobalLayout::ND:
            return "ND";
        case GlobalLayout::DN:
            return "DN";
        case GlobalLayout::NZ:
            return "NZ";
        default:
            return "MX";
    }
}

std::string scalar_value(DType t, uint64_t bits) {
    std::ostringstream os;
    switch (t) {
        case DType::F32: {
            float f;
            const uint32_t b = static_cast<uint32_t>(bits);
            std::memcpy(&f, &b, sizeof f);
            os << f;
            break;
        }
        case DType::F16:
            os << fp16_detail::half_to_float(static_cast<uint16_t>(bits));
            break;
        case DType::BF16:
            os << fp16_detail::bf16_to_float(static_cast<uint16_t>(bits));
            break;
        case DType::S8:
            os << static_cast<int>(static_cast<int8_t>(bits));
            break;
        case DType::S16:
            os << static_cast<int16_t>(bits);
            break;
        case DType::S32:
            os << static_cast<int32_t>(bits);
            break;
        case DType::S64:
            os << static_cast<int64_t>(bits);
            break;
        case DType::U8:
        case DType::U16:
        case DType::U32:
        case DType::U64:
        default:
            os << bits;
            break;
    }
    return os.str();
}

void add(TileOperandTrace&& operand, bool output) {
    ThreadTrace& t = mine();
    if (t.depth != 1)
        return;
    (output ? t.current.output_tiles : t.current.input_tiles).push_back(std::move(operand));
}

std::string escaped(std::string_view text) {
    std::string out;
    for (const char ch : text) {
        if (ch == '"' || ch == '\\')
            out += '\\';
        out += ch;
    }
    return out;
}

void write_tiles(std::ostream& os, const std::vector<TileOperandTrace>& tiles) {
    os << '[';
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const TileOperandTrace& t = tiles[i];
        os << (i ? "," : "") << "{\"address\":\"0x" << std::hex << t.address << std::dec << "\",\"shape\":[";
        for (std::size_t d = 0; d < t.shape.size(); ++d)
            os << (d ? "," : "") << t.shape[d];
        os << "],\"layout\":\"" << escaped(t.layout) << "\",\"dtype\":\"" << escaped(t.dtype) << "\"}";
    }
    os << ']';
}

}  // namespace

void enable(bool on) {
    g_on.store(on, std::memory_order_relaxed);
    hazards::hooks_changed();
}

void reset() {
    ThreadTrace& t = mine();
    t.records.clear();
    t.next_sequence = 0;
}

std::vector<InstructionTraceRecord> records() {
    return mine().records;
}

void dump_json(std::ostream& os) {
    for (const InstructionTraceRecord& r : mine().records) {
        os << "{\"block_idx\":" << r.block_idx << ",\"sequence_id\":" << r.sequence_id << ",\"opcode\":\""
           << escaped(r.opcode) << "\",\"input_tiles\":";
        write_tiles(os, r.input_tiles);
        os << ",\"scalar_inputs\":[";
        for (std::size_t i = 0; i < r.scalar_inputs.size(); ++i)
            os << (i ? "," : "") << "{\"dtype\":\"" << escaped(r.scalar_inputs[i].dtype) << "\",\"value\":\""
               << escaped(r.scalar_inputs[i].value) << "\"}";
        os << "],\"output_tiles\":";
        write_tiles(os, r.output_tiles);
        os << "}\n";
    }
}

std::string json() {
    std::ostringstream os;
    dump_json(os);
    return os.str();
}

void bare(std::string_view opcode) {
    if (!on())
        return;
    detail::begin(opcode);
    detail::end();
}

namespace detail {

void begin(std::string_view opcode) {
    ThreadTrace& t = mine();
    if (t.depth++ > 0)
        return;
    t.current = InstructionTraceRecord{};
    t.current.block_idx = exec_context().block_idx;
    t.current.sequence_id = t.next_sequence++;
    t.current.opcode = std::string(opcode);
}

void end() {
    ThreadTrace& t = mine();
    if (t.depth == 0 || --t.depth > 0)
        return;
    t.records.push_back(std::move(t.current));
}

void operand(const TileView& v, bool output) {
    add({reinterpret_cast<std::uintptr_t>(v.data),
         {v.valid_rows, v.valid_cols},
         layout_name(v),
         std::string(dtype_pto_name(v.dtype))},
        output);
}

void operand(const GlobalView& v, bool output) {
    add({reinterpret_cast<std::uintptr_t>(v.data),
         {v.shape[0], v.shape[1], v.shape[2], v.shape[3], v.shape[4]},
         global_layout_name(v.layout),
         std::string(dtype_pto_name(v.dtype))},
        output);
}

void operand(const ConvView& v, bool output) {
    add({reinterpret_cast<std::uintptr_t>(v.data), std::vector<int64_t>(v.dims, v.dims + v.rank),
         conv_layout_name(v.layout), std::string(dtype_pto_name(v.dtype))},
        output);
}

void scalar(DType type, uint64_t bits) {
    ThreadTrace& t = mine();
    if (t.depth == 1)
        t.current.scalar_inputs.push_back({std::string(dtype_pto_name(type)), scalar_value(type, bits)});
}

}  // namespace detail

}  // namespace ptosim::itrace
